import type { Breakdown, Filters } from '@footfall/contract';
import { EVENT_KINDS, type Goal } from '@footfall/db';
import { type Counts, type DayStats, type Engagement, type GoalCounts, noTotals } from './aggregate';
import { type Day, type Hour, indexAt } from './calendar';
import type { Column } from './columns';
import { propText, SegmentGoals, SegmentProps } from './conversions';
import { funnelVisitors } from './funnel-scan';
import { countedVisits, readEvents, type SegmentConversions } from './scan-filters';
import { type Segment, VISIT_TEXT, type VisitTextColumn } from './segment';
import { HourTally, Tally } from './tally';

/** What a scan counts beyond the filters: conversions on goals, a property's values, a funnel. */
export interface ScanQuery {
  filters: Filters;
  /** The company's goals: each gets its conversions counted, and the `goal` filter names them by id. */
  goals?: readonly Goal[];
  /** The custom event property whose values are counted. */
  propsKey?: string;
  /** A funnel's steps, as indexes into `goals`. */
  funnel?: readonly number[];
  /**
   * Only conversions, properties and funnel are wanted (the unfiltered detail reads the rest from the
   * rollups; a funnel's report needs nothing else): the visit breakdowns and hours are left out.
   */
  conversionsOnly?: boolean;
  /** Whether each goal's conversions are counted (a funnel's report only needs its steps). */
  countGoals?: boolean;
}

/** The breakdowns read from a visit's own columns. */
const VISIT_BREAKDOWNS: [Breakdown, VisitTextColumn][] = [
  ['entry_pages', 'entry'],
  ['exit_pages', 'exit'],
  ['sources', 'source'],
  ['referrers', 'referrer'],
  ['utm_sources', 'utmSource'],
  ['utm_mediums', 'utmMedium'],
  ['utm_campaigns', 'utmCampaign'],
  ['countries', 'country'],
  ['browsers', 'browser'],
  ['os', 'os'],
  ['devices', 'device'],
  ['languages', 'language'],
];

/**
 * Adds up one local day of a segment with the query's filters. `hours`, when given, are the day's
 * wall-clock hours, for an hourly timeseries: a visit counts (with its bounce and duration) in the hour it
 * started, a pageview or custom event in the hour it happened. Events count on the day of their visit
 * (visits never span two days: visitor ids change at the company's midnight).
 */
export function scanDay(
  segment: Segment,
  day: Day,
  query: ScanQuery | Filters,
  hours: readonly Hour[] = [],
): DayStats {
  const {
    filters,
    goals = [],
    propsKey,
    funnel,
    conversionsOnly = false,
    countGoals = true,
  } = 'filters' in query ? (query as ScanQuery) : { filters: query as Filters };
  const { visits, events, dictionaries } = segment;
  const props = new SegmentProps(segment);
  const conversions: SegmentConversions = {
    goals: new SegmentGoals(segment, goals, props),
    goalIndex: new Map(goals.map((goal, index) => [goal.id, index])),
    props,
  };
  const eventRead = readEvents(segment, filters);
  const counted = countedVisits(segment, filters, eventRead, day, conversions);
  const totals = noTotals();
  const hourStarts = hours.map((hour) => hour.startsAt - segment.startsAt);
  const hourTally = new HourTally(hours.length);
  const tallies = VISIT_BREAKDOWNS.map(([, column]) => new Tally(dictionaries[VISIT_TEXT[column][0]].length));
  const breakdownColumns = VISIT_BREAKDOWNS.map(([, column]) => visits[column]);
  let lastVisitor = -1;
  for (let i = 0; i < (conversionsOnly ? 0 : segment.visitCount); i++) {
    if (counted[i] === 0) continue;
    const visitor = visits.visitor[i] as number;
    const bounce = visits.bounce[i] as number;
    const duration = visits.duration[i] as number;
    totals.visits++;
    totals.bounces += bounce;
    totals.durationMs += duration;
    if (visitor !== lastVisitor) {
      totals.visitors++;
      lastVisitor = visitor;
    }
    if (hours.length > 0) {
      const hour = indexAt(hourStarts, visits.start[i] as number);
      if (hour >= 0) hourTally.addVisit(hour, visitor, bounce, duration);
    }
    for (let b = 0; b < breakdownColumns.length; b++) {
      const key = (breakdownColumns[b] as Column)[i] as number;
      const tally = tallies[b] as Tally;
      if (key !== 0) tally.add(key, visitor, tally.visits);
    }
  }
  const pages = new Tally(dictionaries.pages.length);
  const names = new Tally(dictionaries.names.length);
  const engagement = new PageEngagement(dictionaries.pages.length);
  const goalTally = new GoalTally(countGoals ? conversions.goals.count : 0);
  const propValues = propsKey === undefined ? undefined : new PropValueTally(props, propsKey);
  // Conversions alone need the events only for goals or a property.
  const eventsWanted = !conversionsOnly || goalTally.size > 0 || propValues !== undefined;
  for (let i = 0; i < (eventsWanted ? segment.eventCount : 0); i++) {
    const visit = events.visit[i] as number;
    if (eventRead[i] === 0 || counted[visit] === 0) continue;
    const visitor = visits.visitor[visit] as number;
    const kind = events.kind[i];
    if (goalTally.size > 0)
      goalTally.addConversions(conversions.goals, segment, i, kind as number, visitor, visit);
    if (conversionsOnly) {
      if (kind === EVENT_KINDS.event) propValues?.add(events.props[i] as number, visitor);
      continue;
    }
    if (kind === EVENT_KINDS.engagement) {
      engagement.add(events.page[i] as number, events.engaged[i] as number, events.scroll[i] as number);
    } else if (kind === EVENT_KINDS.pageview) {
      totals.pageviews++;
      pages.add(events.page[i] as number, visitor, pages.pageviews);
      // An hour's visitors are those whose visit started in it: its pageviews add none.
      if (hours.length > 0) {
        const hour = indexAt(hourStarts, events.at[i] as number);
        if (hour >= 0) hourTally.add(hour, -1, hourTally.pageviews);
      }
    } else if (events.name[i] !== 0) {
      totals.events++;
      names.add(events.name[i] as number, visitor, names.events);
      propValues?.add(events.props[i] as number, visitor);
      if (hours.length > 0) {
        const hour = indexAt(hourStarts, events.at[i] as number);
        if (hour >= 0) hourTally.add(hour, -1, hourTally.events);
      }
    }
  }
  const breakdowns = new Map<Breakdown, Map<string, Counts>>();
  const keep = (name: Breakdown, counts: Map<string, Counts>) => {
    if (counts.size > 0 && !conversionsOnly) breakdowns.set(name, counts);
  };
  VISIT_BREAKDOWNS.forEach(([name, column], b) => {
    const dictionary = dictionaries[VISIT_TEXT[column][0]];
    keep(
      name,
      (tallies[b] as Tally).toMap((id) => dictionary[id]),
    );
  });
  keep(
    'pages',
    pages.toMap((id) => dictionaries.pages[id]),
  );
  keep(
    'events',
    names.toMap((id) => dictionaries.names[id]),
  );
  return {
    date: day.date,
    totals,
    hours: hourTally.toTotals((id) => hours[id]?.label),
    breakdowns,
    engagement: engagement.toMap((id) => dictionaries.pages[id]),
    goals: goalTally.toCounts(),
    props: propValues?.toMap() ?? new Map(),
    funnel:
      funnel === undefined
        ? []
        : funnelVisitors(segment, funnel, counted, eventRead, (g, i) => conversions.goals.converts(g, i)),
  };
}

/** Each goal's conversions over a day: events come grouped by visit, visits by visitor. */
class GoalTally {
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
class PageEngagement {
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
class PropValueTally {
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
