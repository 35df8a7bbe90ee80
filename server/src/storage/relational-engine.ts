import type { Repositories } from '@footfall/db';
import { type Day, todayIn } from '../calendar/local-days';
import { countedDays } from './counted-days';
import { type DayStats, emptyDay } from './day-stats';
import type { AnalyticsEngine, DaySumsOptions, EngineCompany } from './engine';
import { rolledUpDays } from './rollups';
import type { ScanQuery } from './scan';

type EngineRepos = Pick<Repositories, 'analytics' | 'rollups' | 'segments'>;

/**
 * The relational database as the analytics engine: raw rows (today's, and those written since a day was
 * packed), packed days and daily rollups, on SQLite or PostgreSQL.
 */
export function relationalEngine(repos: EngineRepos): AnalyticsEngine {
  return {
    firstDay: (company) => firstDayOf(repos, company),
    daySums: (company, days, scan, options) => daySums(repos, company, days, scan, options),
  };
}

/**
 * Where `all` begins: the company's first raw visit, first packed day or first rolled-up day, whichever
 * is earliest (rollups keep the days whose visits retention has deleted).
 */
async function firstDayOf(repos: EngineRepos, company: EngineCompany): Promise<string | undefined> {
  const [firstVisitAt, firstSegmentAt, firstRollupDay] = await Promise.all([
    repos.analytics.firstVisitAt(company.id),
    repos.segments.firstStart(company.id),
    repos.rollups.firstDay(company.id),
  ]);
  const dayOf = (instant: number | undefined) =>
    instant === undefined ? undefined : todayIn(company.timezone, instant);
  // `YYYY-MM-DD` dates sort as text: the first of them is the earliest.
  return [dayOf(firstVisitAt), dayOf(firstSegmentAt), firstRollupDay]
    .filter((day) => day !== undefined)
    .sort()[0];
}

/**
 * Each day's sums. Without filters the daily rollups answer, and goals, a property or a funnel are
 * scanned on their own (conversions depend on goals defined at any time, so they are never rolled up); a
 * filter scans everything from the packed days and the raw rows.
 * Days before the company's first are empty without a read: a long period costs nothing for the years
 * before it.
 */
async function daySums(
  repos: EngineRepos,
  company: EngineCompany,
  days: readonly Day[],
  scan: ScanQuery,
  { hours = [], firstDay, now }: DaySumsOptions,
): Promise<DayStats[]> {
  const active = firstDay === undefined ? [] : days.filter((day) => day.date >= firstDay);
  const empty = days.slice(0, days.length - active.length).map((day) => emptyDay(day.date));
  if (active.length === 0) return empty;
  if (Object.keys(scan.filters).length > 0 || scan.conversionsOnly) {
    return [...empty, ...(await countedDays(repos, company.id, active, scan, hours))];
  }
  const conversionsWanted =
    (scan.goals?.length ?? 0) > 0 || scan.propsKey !== undefined || scan.propKeys === true || scan.funnel;
  const [rolledUp, conversions] = await Promise.all([
    rolledUpDays(repos, company, active, now),
    conversionsWanted ? countedDays(repos, company.id, active, { ...scan, conversionsOnly: true }) : null,
  ]);
  const counted = conversions
    ? rolledUp.map((day, index) => {
        const found = conversions[index] as DayStats;
        return {
          ...day,
          goals: found.goals,
          props: found.props,
          propKeys: found.propKeys,
          funnel: found.funnel,
        };
      })
    : rolledUp;
  return [...empty, ...counted];
}
