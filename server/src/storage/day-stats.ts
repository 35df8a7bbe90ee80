import type { Breakdown } from '@footfall/contract';

/** What a day, an hour or a breakdown row adds up. Visitors are distinct within one local day. */
export interface Counts {
  visitors: number;
  visits: number;
  pageviews: number;
  events: number;
}

/** What a day or an hour adds up: its counts and, over its visits, their bounces and summed durations. */
export interface Totals extends Counts {
  bounces: number;
  durationMs: number;
}

/** A goal's conversions (docs/api.md "Goals"): the visitors and visits that converted, and the matching events. */
export interface GoalCounts {
  visitors: number;
  visits: number;
  events: number;
  /** A revenue goal's summed amounts in cents, and how many events carried one. */
  revenueCents: number;
  revenueEvents: number;
}

/** A page's engagement pings (docs/api.md "Ingestion"): summed foreground time and scroll depth, and how many pings gave each. */
export interface Engagement {
  engagedMs: number;
  engagedPings: number;
  scrollSum: number;
  scrollPings: number;
}

/** One local day of counted visits and events: the unit that longer periods add up. */
export interface DayStats {
  date: string;
  totals: Totals;
  /**
   * By wall-clock hour label; empty unless hours were asked for. A visit (so its bounce and duration)
   * counts in the hour it started, a pageview or custom event in the hour it happened.
   */
  hours: Map<string, Totals>;
  breakdowns: Map<Breakdown, Map<string, Counts>>;
  /** Engagement pings by page, those the filters read. */
  engagement: Map<string, Engagement>;
  /** By the query's goals' order; empty unless goals were asked for. */
  goals: GoalCounts[];
  /** The values of the asked property (`props_key`) on custom events; empty unless asked for. */
  props: Map<string, Counts>;
  /** Every property key of the custom events (`prop_keys`), with the events carrying it; empty unless asked for. */
  propKeys: Map<string, Counts>;
  /** Visitors reaching each step of the asked funnel; empty unless asked for. */
  funnel: number[];
}

export const noTotals = (): Totals => ({
  visitors: 0,
  visits: 0,
  pageviews: 0,
  events: 0,
  bounces: 0,
  durationMs: 0,
});

/** A day without visits or events. */
export function emptyDay(date: string): DayStats {
  return {
    date,
    totals: noTotals(),
    hours: new Map(),
    breakdowns: new Map(),
    engagement: new Map(),
    goals: [],
    props: new Map(),
    propKeys: new Map(),
    funnel: [],
  };
}

/** Adds `from` into `into`. */
export function addTotals(into: Totals, from: Totals): void {
  into.visitors += from.visitors;
  into.visits += from.visits;
  into.pageviews += from.pageviews;
  into.events += from.events;
  into.bounces += from.bounces;
  into.durationMs += from.durationMs;
}

/** Adds each key's counts of `from` into `into`. */
export function addCounts(into: Map<string, Counts>, from: Iterable<[string, Counts]>): void {
  for (const [key, counts] of from) {
    const found = into.get(key);
    if (!found) into.set(key, { ...counts });
    else {
      found.visitors += counts.visitors;
      found.visits += counts.visits;
      found.pageviews += counts.pageviews;
      found.events += counts.events;
    }
  }
}

/** Adds each page's engagement of `from` into `into`. */
export function addEngagement(into: Map<string, Engagement>, from: Iterable<[string, Engagement]>): void {
  for (const [page, engagement] of from) {
    const found = into.get(page);
    if (!found) into.set(page, { ...engagement });
    else {
      found.engagedMs += engagement.engagedMs;
      found.engagedPings += engagement.engagedPings;
      found.scrollSum += engagement.scrollSum;
      found.scrollPings += engagement.scrollPings;
    }
  }
}

/** Adds each goal's conversions of `from` into `into`, by index. */
export function addGoals(into: GoalCounts[], from: readonly GoalCounts[]): void {
  from.forEach((counts, index) => {
    const found = into[index];
    if (!found) into[index] = { ...counts };
    else {
      found.visitors += counts.visitors;
      found.visits += counts.visits;
      found.events += counts.events;
      found.revenueCents += counts.revenueCents;
      found.revenueEvents += counts.revenueEvents;
    }
  });
}

/** Adds each funnel step's visitors of `from` into `into`, by index. */
export function addFunnel(into: number[], from: readonly number[]): void {
  from.forEach((visitors, index) => {
    into[index] = (into[index] ?? 0) + visitors;
  });
}

/**
 * One day's sums from the sums of its parts. A day has one part except after a change of time zone, when
 * it may overlap two segments cut at the old midnights: their visitor ids differ (they were hashed with
 * the salts of different days), so their visitors add up.
 */
export function sumDays(date: string, parts: readonly DayStats[]): DayStats {
  if (parts.length === 1) return { ...(parts[0] as DayStats), date };
  const sum = emptyDay(date);
  for (const part of parts) {
    addTotals(sum.totals, part.totals);
    for (const [label, totals] of part.hours) {
      const found = sum.hours.get(label);
      if (found) addTotals(found, totals);
      else sum.hours.set(label, { ...totals });
    }
    for (const [name, counts] of part.breakdowns) {
      let into = sum.breakdowns.get(name);
      if (!into) {
        into = new Map();
        sum.breakdowns.set(name, into);
      }
      addCounts(into, counts);
    }
    addEngagement(sum.engagement, part.engagement);
    addGoals(sum.goals, part.goals);
    addCounts(sum.props, part.props);
    addCounts(sum.propKeys, part.propKeys);
    addFunnel(sum.funnel, part.funnel);
  }
  return sum;
}
