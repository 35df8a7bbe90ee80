import type { Breakdown } from '@footfall/contract';
import { type Counts, type DayStats, type Engagement, emptyDay, type Totals } from './day-stats';

/**
 * The version of the stored JSON. Rows without one are version 1, whose hours held
 * `[key, visitors, visits, pageviews, events]` with no bounces or durations, and whose hours' custom
 * events were never counted (always 0). Version 2 stores each hour's bounces and durations and counts its
 * custom events.
 */
export const ROLLUP_FORMAT = 2;

/** A row of counts as stored: `[key, visitors, visits, pageviews, events]`. */
type StoredCounts = [string, number, number, number, number];
/** An hour as stored: its counts, then `bounces, durationMs` (version 2). */
type StoredHour = [...StoredCounts, number, number];
/** A page's engagement as stored: `[page, engagedMs, engagedPings, scrollSum, scrollPings]`. */
type StoredEngagement = [string, number, number, number, number];

interface StoredDay {
  totals: Totals;
  format?: number;
  hours: (StoredHour | StoredCounts)[];
  breakdowns: Partial<Record<Breakdown, StoredCounts[]>>;
  engagement?: StoredEngagement[];
}

/** A stored day, decoded, and the version it was stored in. */
export interface DecodedDay {
  stats: DayStats;
  format: number;
}

const storeCounts = (counts: Map<string, Counts>): StoredCounts[] =>
  [...counts].map(([key, c]) => [key, c.visitors, c.visits, c.pageviews, c.events]);
const restoreCounts = (rows: StoredCounts[]): Map<string, Counts> =>
  new Map(
    rows.map(([key, visitors, visits, pageviews, events]) => [key, { visitors, visits, pageviews, events }]),
  );

/** Hours in either version; version 1 rows lack the last two fields, which read as 0. */
const restoreHours = (rows: (StoredHour | StoredCounts)[]): Map<string, Totals> =>
  new Map(
    rows.map(([key, visitors, visits, pageviews, events, bounces = 0, durationMs = 0]) => [
      key,
      { visitors, visits, pageviews, events, bounces, durationMs },
    ]),
  );

/**
 * A day's sums as the rollup table keeps them: compact JSON, a few kilobytes for a busy site. The row
 * also keeps the totals in columns of their own (`storage/rollups.ts` saves them), which the admin
 * overview reads.
 */
export function encodeDay(stats: DayStats): string {
  const stored: StoredDay = {
    totals: stats.totals,
    format: ROLLUP_FORMAT,
    hours: [...stats.hours].map(([key, h]) => [
      key,
      h.visitors,
      h.visits,
      h.pageviews,
      h.events,
      h.bounces,
      h.durationMs,
    ]),
    breakdowns: Object.fromEntries(
      [...stats.breakdowns].map(([name, counts]) => [name, storeCounts(counts)]),
    ),
    engagement: [...stats.engagement].map(([page, e]) => [
      page,
      e.engagedMs,
      e.engagedPings,
      e.scrollSum,
      e.scrollPings,
    ]),
  };
  return JSON.stringify(stored);
}

export function decodeDay(date: string, text: string): DecodedDay {
  const stored = JSON.parse(text) as StoredDay;
  return {
    format: stored.format ?? 1,
    stats: {
      ...emptyDay(date),
      totals: stored.totals,
      hours: restoreHours(stored.hours),
      breakdowns: new Map(
        Object.entries(stored.breakdowns).map(([name, rows]) => [
          name as Breakdown,
          restoreCounts(rows ?? []),
        ]),
      ),
      engagement: new Map(
        (stored.engagement ?? []).map(([page, engagedMs, engagedPings, scrollSum, scrollPings]) => [
          page,
          { engagedMs, engagedPings, scrollSum, scrollPings } satisfies Engagement,
        ]),
      ),
    },
  };
}
