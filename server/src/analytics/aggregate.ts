import type { Breakdown } from '@footfall/contract';

/** What a day, an hour or a breakdown row adds up. Visitors are distinct within one local day. */
export interface Counts {
  visitors: number;
  visits: number;
  pageviews: number;
  events: number;
}

/** One local day of counted visits and events: the unit that longer periods add up. */
export interface DayStats {
  date: string;
  totals: Counts & { bounces: number; durationMs: number };
  /** By wall-clock hour label; empty unless hours were asked for. */
  hours: Map<string, Counts>;
  breakdowns: Map<Breakdown, Map<string, Counts>>;
}

/** A day without visits or events. */
export function emptyDay(date: string): DayStats {
  return {
    date,
    totals: { visitors: 0, visits: 0, pageviews: 0, events: 0, bounces: 0, durationMs: 0 },
    hours: new Map(),
    breakdowns: new Map(),
  };
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

/**
 * One day's sums from the sums of its parts. A day has one part except after a change of time zone, when
 * it may overlap two segments cut at the old midnights: their visitor ids differ (they were hashed with
 * the salts of different days), so their visitors add up.
 */
export function sumDays(date: string, parts: readonly DayStats[]): DayStats {
  if (parts.length === 1) return { ...(parts[0] as DayStats), date };
  const sum = emptyDay(date);
  for (const part of parts) {
    for (const key of Object.keys(sum.totals) as (keyof DayStats['totals'])[])
      sum.totals[key] += part.totals[key];
    addCounts(sum.hours, part.hours);
    for (const [name, counts] of part.breakdowns) {
      let into = sum.breakdowns.get(name);
      if (!into) {
        into = new Map();
        sum.breakdowns.set(name, into);
      }
      addCounts(into, counts);
    }
  }
  return sum;
}
