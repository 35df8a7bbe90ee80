import type { Repositories, StoredRollup } from '@footfall/db';
import { type Day, localHours } from '../calendar/local-days';
import { countedDays, DAYS_PER_READ } from './counted-days';
import type { DayStats } from './day-stats';
import { decodeDay, encodeDay, ROLLUP_FORMAT } from './rollup-codec';

/** Live events may still be committing this long after their time (the write buffer gathers for a moment). */
const COMMIT_MARGIN_MS = 5_000;
/**
 * Today's row is rebuilt at most this often under live traffic: rebuilding reads the day's raw rows (about
 * 0.3 s for a site with 100 000 events a day), which every dashboard refresh would otherwise pay.
 */
export const REFRESH_MS = 5_000;

type RollupRepos = Pick<Repositories, 'analytics' | 'rollups' | 'segments'>;

/**
 * The unfiltered sums of a company's days, from the rollup table where its rows are current, else from the
 * packed days and raw rows (and then kept there). A day's row is current when it is in the current format
 * and was built after the day ended — live events only ever land on the current day, and imports delete
 * the rows of the days they touch — or when nothing has happened in the company since it was built, or
 * when it is younger than `REFRESH_MS`. Rollups are built by the same scan as filtered queries
 * (`countedDays`), so they agree by construction.
 */
export async function rolledUpDays(
  repos: RollupRepos,
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
  const outdated = new Map<string, DayStats>();
  const missing: Day[] = [];
  for (const day of days) {
    const row = stored.get(day.date);
    const decoded = row && decodeDay(day.date, row.stats);
    if (decoded && decoded.format < ROLLUP_FORMAT) outdated.set(day.date, decoded.stats);
    const current =
      row !== undefined &&
      (final(day, row) ||
        now < row.builtAt + REFRESH_MS ||
        lastActivityAt === undefined ||
        lastActivityAt < row.builtAt - COMMIT_MARGIN_MS);
    if (decoded && decoded.format === ROLLUP_FORMAT && current) result.set(day.date, decoded.stats);
    else missing.push(day);
  }
  for (const run of consecutiveRuns(missing)) {
    for (const stats of await rebuild(repos, company, run, now, outdated)) result.set(stats.date, stats);
  }
  return days.map((day) => result.get(day.date) as DayStats);
}

/**
 * Days without visits or events are not stored: reading them again costs an empty index range, and the
 * earliest stored day is then where a company's history begins, even after retention.
 */
const worthStoring = (stats: DayStats) => stats.totals.visits > 0 || stats.totals.pageviews > 0;

/**
 * Builds and stores the sums of a run of days. `outdated` holds the days whose stored rows are in an
 * older format: rebuilt when their rows are still there, but retention deletes the rows of the days past
 * a plan's retention and keeps only their rollups, so a row whose day is now empty is kept (its hours
 * lack what the older format did not store) and saved again in the current format, not to be retried.
 */
async function rebuild(
  repos: RollupRepos,
  company: { id: number; timezone: string },
  run: readonly Day[],
  now: number,
  outdated: ReadonlyMap<string, DayStats>,
): Promise<DayStats[]> {
  const hours = run.flatMap((day) => localHours(company.timezone, day));
  // Measured before the reads: rows read from a replica are as of that long ago, and so is what is built.
  const builtAt = now - (await repos.rollups.readLagMs());
  const built = (await countedDays(repos, company.id, run, { filters: {} }, hours)).map((stats) => {
    const old = outdated.get(stats.date);
    return old !== undefined && !worthStoring(stats) && worthStoring(old) ? old : stats;
  });
  await repos.rollups.save(
    company.id,
    built
      .filter(worthStoring)
      .map((stats) => ({ day: stats.date, builtAt, stats: encodeDay(stats), totals: stats.totals })),
  );
  return built;
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
