import type { AnalyticsDetail, Filters } from '@footfall/contract';
import type { Repositories } from '@footfall/db';
import type { App } from '../types';
import { type DayStats, emptyDay } from './aggregate';
import { type Day, type Hour, localHours, todayIn } from './calendar';
import { countedDays } from './counted-days';
import { resolvePeriod } from './period';
import { breakdowns, summarize, timeseries } from './present';
import { parseAnalyticsQuery } from './query';
import { rolledUpDays } from './rollups';

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
  filters: Filters;
  firstDay: string | undefined;
  now: number;
}

/**
 * Each day's sums. Without filters the daily rollups answer; a filter scans the packed days and the raw
 * rows.
 * Days before the company's first are empty without a read: a long period costs nothing for the years
 * before it.
 */
async function daySums(
  app: App,
  { company, filters, firstDay, now }: SumsContext,
  days: readonly Day[],
  hours: readonly Hour[],
): Promise<DayStats[]> {
  const active = firstDay === undefined ? [] : days.filter((day) => day.date >= firstDay);
  const empty = days.slice(0, days.length - active.length).map((day) => emptyDay(day.date));
  if (active.length === 0) return empty;
  const counted =
    Object.keys(filters).length === 0
      ? await rolledUpDays(app.repos, company, active, now)
      : await countedDays(app.repos, company.id, active, filters, hours);
  return [...empty, ...counted];
}

/** Realtime visitors are those active in the last 5 minutes (API.md §6). */
const REALTIME_MS = 5 * 60_000;

/**
 * The analytics detail of API.md §6 for a company: `query` is the raw query string object, checked here
 * (422 for anything wrong). Used by the dashboard's endpoint and by the stats API.
 */
export async function analyticsDetail(
  app: App,
  company: AnalyticsCompany,
  query: unknown,
): Promise<AnalyticsDetail> {
  const request = parseAnalyticsQuery(query);
  const { analytics, visitCounts } = app.repos;
  const now = app.now().getTime();
  const firstDay = await firstDayOf(app.repos, company);
  const period = resolvePeriod(request, company.timezone, now, firstDay);
  const hours =
    period.interval === 'hour' ? period.days.flatMap((day) => localHours(company.timezone, day)) : [];
  const sums = (days: Day[], wantHours: readonly Hour[] = []) =>
    daySums(app, { company, filters: request.filters, firstDay, now }, days, wantHours);
  const [days, comparison, realtime, bots] = await Promise.all([
    sums(period.days, hours),
    period.comparison && sums(period.comparison),
    visitCounts.activeVisitors(company.id, new Date(now - REALTIME_MS)),
    analytics.botHits(company.id, period.from, period.to),
  ]);
  return {
    company_id: company.id,
    timezone: company.timezone,
    range: { from: period.from, to: period.to, interval: period.interval },
    summary: summarize(days),
    comparison: comparison ? summarize(comparison) : null,
    timeseries: timeseries(days, period.interval, hours),
    realtime: { visitors: realtime },
    breakdowns: breakdowns(days, request.limit),
    filtered: { bots },
  };
}
