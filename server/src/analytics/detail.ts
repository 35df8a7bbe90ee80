import type { AnalyticsDetail } from '@footfall/contract';
import type { ParsedFilters } from '@footfall/contract/rules';
import type { Goal, Repositories } from '@footfall/db';
import { presentAnnotation } from '../annotations/annotation-presenter';
import { type Day, type Hour, localHours, todayIn } from '../calendar/local-days';
import { fieldError } from '../errors';
import { countedDays } from '../storage/counted-days';
import { type DayStats, emptyDay } from '../storage/day-stats';
import { rolledUpDays } from '../storage/rollups';
import type { ScanQuery } from '../storage/scan';
import type { AnalyticsContext } from './context';
import { resolvePeriod } from './period';
import { breakdowns, goalRows, propKeyRows, propRows, summarize, timeseries } from './present';
import { type AnalyticsRequest, goalIdsOf, parseAnalyticsQuery } from './query';

/** What the analytics need of a company. */
export interface AnalyticsCompany {
  id: number;
  timezone: string;
}

/**
 * Where `all` begins: the company's first raw visit, first packed day or first rolled-up day, whichever
 * is earliest (rollups keep the days whose visits retention has deleted).
 */
async function firstDayOf(
  repos: Pick<Repositories, 'analytics' | 'rollups' | 'segments'>,
  company: AnalyticsCompany,
): Promise<string | undefined> {
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

interface SumsContext {
  company: AnalyticsCompany;
  /** The filters, and what else to count: goals, a property's values, a funnel. */
  scan: ScanQuery;
  firstDay: string | undefined;
  now: number;
}

/**
 * Each day's sums. Without filters the daily rollups answer, and goals, a property or a funnel are
 * scanned on their own (conversions depend on goals defined at any time, so they are never rolled up); a
 * filter scans everything from the packed days and the raw rows.
 * Days before the company's first are empty without a read: a long period costs nothing for the years
 * before it.
 */
async function daySums(
  app: AnalyticsContext,
  { company, scan, firstDay, now }: SumsContext,
  days: readonly Day[],
  hours: readonly Hour[],
): Promise<DayStats[]> {
  const active = firstDay === undefined ? [] : days.filter((day) => day.date >= firstDay);
  const empty = days.slice(0, days.length - active.length).map((day) => emptyDay(day.date));
  if (active.length === 0) return empty;
  if (Object.keys(scan.filters).length > 0 || scan.conversionsOnly) {
    return [...empty, ...(await countedDays(app.analyticsRepos, company.id, active, scan, hours))];
  }
  const conversionsWanted =
    (scan.goals?.length ?? 0) > 0 || scan.propsKey !== undefined || scan.propKeys === true || scan.funnel;
  const [rolledUp, conversions] = await Promise.all([
    rolledUpDays(app.analyticsRepos, company, active, now),
    conversionsWanted
      ? countedDays(app.analyticsRepos, company.id, active, { ...scan, conversionsOnly: true })
      : null,
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

/** Realtime visitors are those active in the last 5 minutes (docs/api.md "Analytics"). */
const REALTIME_MS = 5 * 60_000;

/** A period of a company's analytics, read: its days (and hours), and the comparison's days when asked. */
export interface PeriodDays {
  /** The company's first day with data; undefined while it has none. */
  firstDay: string | undefined;
  period: ReturnType<typeof resolvePeriod>;
  hours: Hour[];
  days: DayStats[];
  comparison: DayStats[] | null;
}

/** The days of the period `request` names, in the company's time zone, as of `now`. */
export async function periodDays(
  app: AnalyticsContext,
  company: AnalyticsCompany,
  request: AnalyticsRequest,
  now: number,
  counting: Omit<ScanQuery, 'filters'> = {},
): Promise<PeriodDays> {
  const firstDay = await firstDayOf(app.analyticsRepos, company);
  const period = resolvePeriod(request, company.timezone, now, firstDay);
  const hours =
    period.interval === 'hour' ? period.days.flatMap((day) => localHours(company.timezone, day)) : [];
  const sums = (days: Day[], wantHours: readonly Hour[] = []) =>
    daySums(
      app,
      { company, scan: { ...counting, filters: request.filters }, firstDay, now },
      days,
      wantHours,
    );
  const [days, comparison] = await Promise.all([
    sums(period.days, hours),
    period.comparison ? sums(period.comparison) : null,
  ]);
  return { firstDay, period, hours, days, comparison };
}

/** Realtime visitors are those active in the last 5 minutes (docs/api.md "Analytics"). */
export function realtimeVisitors(app: AnalyticsContext, companyId: number, now: number): Promise<number> {
  return app.analyticsRepos.visitCounts.activeVisitors(companyId, new Date(now - REALTIME_MS));
}

/** The company's goals, after checking that a `goal` filter names only them (else 422). */
export async function companyGoals(
  app: AnalyticsContext,
  companyId: number,
  filters: ParsedFilters,
): Promise<Goal[]> {
  const goals = await app.repos.goals.list(companyId);
  const known = new Set(goals.map((goal) => goal.id));
  if (goalIdsOf(filters).some((id) => !known.has(id))) {
    throw fieldError('goal', 'The goal field must name goals of this site.');
  }
  return goals;
}

/**
 * The analytics detail of docs/api.md "Analytics" for a company: `query` is the raw query string object, checked here
 * (422 for anything wrong). Used by the dashboard's endpoint and by the stats API.
 */
export async function analyticsDetail(
  app: AnalyticsContext,
  company: AnalyticsCompany,
  query: unknown,
): Promise<AnalyticsDetail> {
  const request = parseAnalyticsQuery(query);
  const goals = await companyGoals(app, company.id, request.filters);
  const now = app.now().getTime();
  const [{ firstDay, period, hours, days, comparison }, realtime] = await Promise.all([
    periodDays(app, company, request, now, {
      goals,
      propsKey: request.propsKey,
      propKeys: request.propKeys,
    }),
    realtimeVisitors(app, company.id, now),
  ]);
  const engagement = { engagement: request.filters.page !== undefined };
  const [bots, notes] = await Promise.all([
    app.analyticsRepos.analytics.botHits(company.id, period.from, period.to),
    app.repos.annotations.list(company.id, { from: period.from, to: period.to }),
  ]);
  return {
    company_id: company.id,
    timezone: company.timezone,
    range: { from: period.from, to: period.to, interval: period.interval },
    summary: summarize(days, engagement),
    comparison: comparison ? summarize(comparison, engagement) : null,
    first_day: firstDay ?? null,
    timeseries: timeseries(days, period.interval, hours),
    realtime: { visitors: realtime },
    breakdowns: {
      ...breakdowns(days, request.limit),
      ...(request.propsKey !== undefined && { props: propRows(days, request.limit) }),
      ...(request.propKeys && { prop_keys: propKeyRows(days, request.limit) }),
    },
    goals: goalRows(goals, days, comparison),
    filtered: { bots },
    annotations: notes.map(presentAnnotation),
  };
}
