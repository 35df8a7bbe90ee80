import { EVENT_KINDS } from '@footfall/db';
import { propText, type SegmentGoals, type SegmentProps } from './conversions';
import type { Counts, Engagement, GoalCounts } from './day-stats';
import type { Segment } from './segment';

// What a day's scan tallies beside the visit and page counts (docs/api.md "Analytics"): each goal's conversions and
// revenue, each page's engagement pings, the values of one custom event property, and every property key.

/** Each goal's conversions over a day: events come grouped by visit, visits by visitor. */
export class GoalTally {
  private readonly counts: GoalCounts[];
  private readonly lastVisit: Int32Array;
  private readonly lastVisitor: Int32Array;

  constructor(readonly size: number) {
    this.counts = Array.from({ length: size }, () => ({
      visitors: 0,
      visits: 0,
      events: 0,
      revenueCents: 0,
      revenueEvents: 0,
    }));
    this.lastVisit = new Int32Array(size).fill(-1);
    this.lastVisitor = new Int32Array(size).fill(-1);
  }

  /** Counts event `i` for each goal it converts on: page goals ask pageviews, event goals custom events. */
  addConversions(
    goals: SegmentGoals,
    segment: Segment,
    i: number,
    kind: number,
    visitor: number,
    visit: number,
  ): void {
    const { events } = segment;
    if (kind === EVENT_KINDS.pageview) {
      const page = events.page[i] as number;
      for (const goal of goals.pageGoals) if (goal.mask[page] === 1) this.add(goal.index, visitor, visit);
    } else if (kind === EVENT_KINDS.event) {
      const name = events.name[i] as number;
      const props = events.props[i] as number;
      for (const goal of goals.eventGoals) {
        if (goal.mask[name] !== 1 || (goal.props !== undefined && goal.props[props] !== 1)) continue;
        this.add(goal.index, visitor, visit);
        const cents = goal.revenue?.[props] ?? Number.NaN;
        if (!Number.isNaN(cents)) {
          const counts = this.counts[goal.index] as GoalCounts;
          counts.revenueCents += cents;
          counts.revenueEvents++;
        }
      }
    }
  }

  add(goal: number, visitor: number, visit: number): void {
    const counts = this.counts[goal] as GoalCounts;
    counts.events++;
    if (this.lastVisit[goal] !== visit) {
      this.lastVisit[goal] = visit;
      counts.visits++;
    }
    if (this.lastVisitor[goal] !== visitor) {
      this.lastVisitor[goal] = visitor;
      counts.visitors++;
    }
  }

  toCounts(): GoalCounts[] {
    return this.counts;
  }
}

/** Engagement pings summed per page id; the columns hold a ping's value plus one, 0 for none. */
export class PageEngagement {
  private readonly engagedMs: Float64Array;
  private readonly engagedPings: Uint32Array;
  private readonly scrollSum: Float64Array;
  private readonly scrollPings: Uint32Array;

  constructor(size: number) {
    this.engagedMs = new Float64Array(size);
    this.engagedPings = new Uint32Array(size);
    this.scrollSum = new Float64Array(size);
    this.scrollPings = new Uint32Array(size);
  }

  add(page: number, engagedPlusOne: number, scrollPlusOne: number): void {
    if (engagedPlusOne !== 0) {
      (this.engagedMs[page] as number) += engagedPlusOne - 1;
      (this.engagedPings[page] as number)++;
    }
    if (scrollPlusOne !== 0) {
      (this.scrollSum[page] as number) += scrollPlusOne - 1;
      (this.scrollPings[page] as number)++;
    }
  }

  toMap(nameOf: (id: number) => string | null | undefined): Map<string, Engagement> {
    const map = new Map<string, Engagement>();
    for (let id = 0; id < this.engagedPings.length; id++) {
      const name = nameOf(id);
      if (name === null || name === undefined) continue;
      if (this.engagedPings[id] === 0 && this.scrollPings[id] === 0) continue;
      map.set(name, {
        engagedMs: this.engagedMs[id] as number,
        engagedPings: this.engagedPings[id] as number,
        scrollSum: this.scrollSum[id] as number,
        scrollPings: this.scrollPings[id] as number,
      });
    }
    return map;
  }
}

/** The values of one custom event property, with their events and distinct visitors. */
export class PropValueTally {
  /** Per `props` dictionary id: the value's index in `values` plus one, 0 without the key (-1: not yet read). */
  private readonly valueOf: Int32Array;
  private readonly values: string[] = [];
  private readonly indexOf = new Map<string, number>();
  private readonly counts: Counts[] = [];
  private readonly lastVisitor: number[] = [];

  constructor(
    private readonly props: SegmentProps,
    private readonly key: string,
  ) {
    this.valueOf = new Int32Array(props.size).fill(-1);
  }

  add(propsId: number, visitor: number): void {
    let value = this.valueOf[propsId] as number;
    if (value === -1) {
      const text = propText(this.props.of(propsId)?.[this.key]);
      value = 0;
      if (text !== undefined) {
        let index = this.indexOf.get(text);
        if (index === undefined) {
          index = this.values.length;
          this.values.push(text);
          this.indexOf.set(text, index);
          this.counts.push({ visitors: 0, visits: 0, pageviews: 0, events: 0 });
          this.lastVisitor.push(-1);
        }
        value = index + 1;
      }
      this.valueOf[propsId] = value;
    }
    if (value === 0) return;
    const counts = this.counts[value - 1] as Counts;
    counts.events++;
    if (this.lastVisitor[value - 1] !== visitor) {
      this.lastVisitor[value - 1] = visitor;
      counts.visitors++;
    }
  }

  toMap(): Map<string, Counts> {
    return new Map(this.values.map((value, index) => [value, this.counts[index] as Counts]));
  }
}

/**
 * Every property key of custom events, with the events carrying it and their distinct visitors. A key
 * counts on an event where `PropValueTally` would count a value for it (a text, number or boolean), so a
 * key's events are the sum of its values' events.
 */
export class PropKeyTally {
  /** Per `props` dictionary id: the indexes in `keys` of the keys it holds (undefined: not yet read). */
  private readonly keysOf: (readonly number[] | undefined)[];
  private readonly keys: string[] = [];
  private readonly indexOf = new Map<string, number>();
  private readonly counts: Counts[] = [];
  private readonly lastVisitor: number[] = [];

  constructor(private readonly props: SegmentProps) {
    this.keysOf = new Array(props.size);
  }

  add(propsId: number, visitor: number): void {
    let indexes = this.keysOf[propsId];
    if (indexes === undefined) {
      indexes = this.indexesOf(propsId);
      this.keysOf[propsId] = indexes;
    }
    for (const index of indexes) {
      const counts = this.counts[index] as Counts;
      counts.events++;
      if (this.lastVisitor[index] !== visitor) {
        this.lastVisitor[index] = visitor;
        counts.visitors++;
      }
    }
  }

  private indexesOf(propsId: number): number[] {
    const props = this.props.of(propsId);
    if (props === null) return [];
    return Object.keys(props)
      .filter((key) => propText(props[key]) !== undefined)
      .map((key) => {
        let index = this.indexOf.get(key);
        if (index === undefined) {
          index = this.keys.length;
          this.keys.push(key);
          this.indexOf.set(key, index);
          this.counts.push({ visitors: 0, visits: 0, pageviews: 0, events: 0 });
          this.lastVisitor.push(-1);
        }
        return index;
      });
  }

  toMap(): Map<string, Counts> {
    return new Map(this.keys.map((key, index) => [key, this.counts[index] as Counts]));
  }
}
