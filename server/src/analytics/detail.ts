import type { AnalyticsDetail } from '@footfall/contract';
import type { ParsedFilters } from '@footfall/contract/rules';
import type { Goal } from '@footfall/db';
import { presentAnnotation } from '../annotations/annotation-presenter';
import { type Day, type Hour, localHours } from '../calendar/local-days';
import { fieldError } from '../errors';
import type { DayStats } from '../storage/day-stats';
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
  const firstDay = await app.analyticsEngine.firstDay(company);
  const period = resolvePeriod(request, company.timezone, now, firstDay);
  const hours =
    period.interval === 'hour' ? period.days.flatMap((day) => localHours(company.timezone, day)) : [];
  const scan = { ...counting, filters: request.filters };
  const sums = (days: Day[], wantHours: readonly Hour[] = []) =>
    app.analyticsEngine.daySums(company, days, scan, { hours: wantHours, firstDay, now });
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
