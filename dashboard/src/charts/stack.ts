import type { ApiUsageRow } from '@footfall/contract';

/** One stacked series of a bar chart: an endpoint and its count on each of the chart's dates. */
export interface BarSeries {
  /** The name in the legend and the tooltip, e.g. `GET /api/v1/stats/:company_id`. */
  name: string;
  /** One count per entry of the chart's `dates`, in the same order; a missing count is 0. */
  counts: readonly number[];
}

/** A piece of one bar: series `series` runs from `start` to `end` in counts, bottom to top. */
export interface StackSegment {
  series: number;
  start: number;
  end: number;
}

export interface Stacks {
  /** Each bar's height in counts. */
  totals: number[];
  /** Each bar's pieces, bottom first, leaving out series with nothing on that date. */
  segments: StackSegment[][];
}

/** Counts that cannot be drawn as a bar (negative, NaN) are treated as nothing. */
function drawable(count: number | undefined): number {
  return count !== undefined && Number.isFinite(count) && count > 0 ? count : 0;
}

/** Stacks `series` over `count` dates, the first series at the bottom. */
export function stackSeries(series: readonly BarSeries[], count: number): Stacks {
  const totals: number[] = [];
  const segments: StackSegment[][] = [];
  for (let index = 0; index < count; index++) {
    let level = 0;
    const pieces: StackSegment[] = [];
    series.forEach((one, seriesIndex) => {
      const value = drawable(one.counts[index]);
      if (value === 0) return;
      pieces.push({ series: seriesIndex, start: level, end: level + value });
      level += value;
    });
    totals.push(level);
    segments.push(pieces);
  }
  return { totals, segments };
}

const DAY_MS = 86_400_000;
/** Ten years of days: a bound on a range typed by hand, far above any report. */
const MAX_DAYS = 3660;

/** Every calendar day from `from` to `to` (`YYYY-MM-DD`, both included); none when either is invalid. */
export function eachDay(from: string, to: string): string[] {
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`);
  if (!Number.isFinite(start) || !Number.isFinite(end)) return [];
  const days: string[] = [];
  for (let time = start; time <= end && days.length < MAX_DAYS; time += DAY_MS) {
    days.push(new Date(time).toISOString().slice(0, 10));
  }
  return days;
}

/**
 * The API-usage answer's rows as bar series over every day from `from` to `to`. The answer lists only
 * days with calls, so the days between are filled with zeros; the busiest endpoint comes first, so it
 * sits at the bottom of each bar where it is easiest to compare.
 */
export function usageSeries(
  rows: readonly ApiUsageRow[],
  from: string,
  to: string,
): { dates: string[]; series: BarSeries[] } {
  const dates = eachDay(from, to);
  const position = new Map(dates.map((date, index) => [date, index]));
  const byEndpoint = new Map<string, number[]>();
  for (const row of rows) {
    const index = position.get(row.date);
    if (index === undefined) continue;
    let counts = byEndpoint.get(row.endpoint);
    if (!counts) {
      counts = dates.map(() => 0);
      byEndpoint.set(row.endpoint, counts);
    }
    counts[index] = (counts[index] ?? 0) + row.count;
  }
  const total = (counts: readonly number[]) => counts.reduce((sum, count) => sum + count, 0);
  const series = [...byEndpoint].map(([name, counts]) => ({ name, counts }));
  series.sort((a, b) => total(b.counts) - total(a.counts) || a.name.localeCompare(b.name));
  return { dates, series };
}
