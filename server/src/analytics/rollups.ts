import type { Breakdown } from '@footfall/contract';
import type { Repositories, StoredRollup } from '@footfall/db';
import type { Counts, DayStats } from './aggregate';
import { type Day, localHours } from './calendar';
import { countedDays, DAYS_PER_READ } from './counted-days';

/** A row of counts as stored: `[key, visitors, visits, pageviews, events]`. */
type StoredCounts = [string, number, number, number, number];

interface StoredDay {
  totals: DayStats['totals'];
  hours: StoredCounts[];
  breakdowns: Partial<Record<Breakdown, StoredCounts[]>>;
}

const store = (counts: Map<string, Counts>): StoredCounts[] =>
  [...counts].map(([key, c]) => [key, c.visitors, c.visits, c.pageviews, c.events]);
const restore = (rows: StoredCounts[]): Map<string, Counts> =>
  new Map(
    rows.map(([key, visitors, visits, pageviews, events]) => [key, { visitors, visits, pageviews, events }]),
  );

/** A day's sums as the rollup table keeps them: compact JSON, a few kilobytes for a busy site. */
export function encodeDay(stats: DayStats): string {
  const stored: StoredDay = {
    totals: stats.totals,
    hours: store(stats.hours),
    breakdowns: Object.fromEntries([...stats.breakdowns].map(([name, counts]) => [name, store(counts)])),
  };
  return JSON.stringify(stored);
}

export function decodeDay(date: string, text: string): DayStats {
  const stored = JSON.parse(text) as StoredDay;
  return {
    date,
    totals: stored.totals,
    hours: restore(stored.hours),
    breakdowns: new Map(
      Object.entries(stored.breakdowns).map(([name, rows]) => [name as Breakdown, restore(rows ?? [])]),
    ),
  };
}

/** Live events may still be committing this long after their time (the write buffer gathers for a moment). */
const COMMIT_MARGIN_MS = 5_000;
/**
 * Today's row is rebuilt at most this often under live traffic: rebuilding reads the day's raw rows (about
 * 0.3 s for a site with 100 000 events a day), which every dashboard refresh would otherwise pay.
 */
export const REFRESH_MS = 5_000;

/**
 * The unfiltered sums of a company's days, from the rollup table where its rows are current, else from the
 * packed days and raw rows (and then kept there). A day's row is current when it was built after the day
 * ended — live events only ever land on the current day, and imports delete the rows of the days they
 * touch — or when nothing has happened in the company since it was built, or when it is younger than
 * `REFRESH_MS`. Rollups are built by the same
 * scan as filtered queries (`countedDays`), so they agree by construction.
 */
export async function rolledUpDays(
  repos: Pick<Repositories, 'analytics' | 'rollups' | 'segments'>,
  company: { id: number; timezone: string },
  days: readonly Day[],
  now: number,
): Promise<DayStats[]> {
  const stored = new Map(
    (await repos.rollups.read(company.id, days[0]?.date ?? '', days.at(-1)?.date ?? '')).map((row) => [
      row.day,
      row,
    ]),
  );
  // Rows built after their day ended are final; the others (today's) hold while the company is quiet.
  const final = (day: Day, row: StoredRollup) => row.builtAt >= day.endsAt + COMMIT_MARGIN_MS;
  const unsettled = days.some((day) => {
    const row = stored.get(day.date);
    return row !== undefined && !final(day, row);
  });
  const lastActivityAt = unsettled ? await repos.analytics.lastActivityAt(company.id) : undefined;
  const result = new Map<string, DayStats>();
  const missing: Day[] = [];
  for (const day of days) {
    const row = stored.get(day.date);
    const current =
      row !== undefined &&
      (final(day, row) ||
        now < row.builtAt + REFRESH_MS ||
        lastActivityAt === undefined ||
        lastActivityAt < row.builtAt - COMMIT_MARGIN_MS);
    if (row && current) result.set(day.date, decodeDay(day.date, row.stats));
    else missing.push(day);
  }
  for (const run of consecutiveRuns(missing)) {
    const hours = run.flatMap((day) => localHours(company.timezone, day));
    const built = await countedDays(repos, company.id, run, {}, hours);
    // Days without visits or events are not stored: reading them again costs an empty index range, and
    // the earliest stored day is then where a company's history begins, even after retention.
    const worth = built.filter((stats) => stats.totals.visits > 0 || stats.totals.pageviews > 0);
    await repos.rollups.save(
      company.id,
      worth.map((stats) => ({ day: stats.date, builtAt: now, stats: encodeDay(stats) })),
    );
    for (const stats of built) result.set(stats.date, stats);
  }
  return days.map((day) => result.get(day.date) as DayStats);
}

/** Splits days (in order) into runs of consecutive days, each built and saved in one go. */
function consecutiveRuns(days: readonly Day[]): Day[][] {
  const runs: Day[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.length < DAYS_PER_READ && run.at(-1)?.endsAt === day.startsAt) run.push(day);
    else runs.push([day]);
  }
  return runs;
}
