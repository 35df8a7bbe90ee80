import type { AnalyticsSummary, SiteOverview, SitesOverview, SitesOverviewQuery } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import { addTotals, type DayStats, emptyDay, noTotals, type Totals } from '../storage/day-stats';
import type { AnalyticsContext } from './context';
import { periodDays, realtimeVisitors } from './detail';
import { summarize, timeseries } from './present';
import { parseAnalyticsQuery } from './query';

/** The sums of many sites' days, for the figures of all of them together. */
function totalsOf(days: readonly DayStats[], into: Totals): void {
  for (const day of days) addTotals(into, day.totals);
}

/** The summary's figures over summed totals. */
const figures = (totals: Totals): AnalyticsSummary => summarize([{ ...emptyDay(''), totals }]);

/**
 * `GET /api/sites/overview` (docs/api.md "Sites and teams"): each of the caller's sites over the period, in its own time
 * zone, with today's and this moment's visitors and a sparkline, and all of them together. Unfiltered, so
 * every figure comes from the daily rollups: a few milliseconds a site.
 */
export async function sitesOverview(
  app: AnalyticsContext,
  companies: readonly CompanyForUser[],
  query: SitesOverviewQuery,
): Promise<SitesOverview> {
  const request = parseAnalyticsQuery({ period: query.period ?? '30d', compare: 'previous_period' });
  const today = parseAnalyticsQuery({ period: 'today' });
  const now = app.now().getTime();
  const all = noTotals();
  const before = noTotals();
  const sites: SiteOverview[] = [];
  for (const company of companies) {
    const [read, todays, realtime] = await Promise.all([
      periodDays(app, company, request, now),
      periodDays(app, company, today, now),
      realtimeVisitors(app, company.id, now),
    ]);
    totalsOf(read.days, all);
    totalsOf(read.comparison ?? [], before);
    sites.push({
      id: company.id,
      name: company.name,
      website: company.website,
      role: company.role,
      plan: company.plan,
      timezone: company.timezone,
      has_visits: read.firstDay !== undefined,
      today_visitors: summarize(todays.days).visitors,
      realtime_visitors: realtime,
      range: { from: read.period.from, to: read.period.to },
      summary: summarize(read.days),
      comparison: summarize(read.comparison ?? []),
      series: timeseries(read.days, read.period.interval, read.hours).map((point) => ({
        date: point.date,
        visitors: point.visitors,
      })),
    });
  }
  return { sites, totals: figures(all), comparison: figures(before) };
}
