import { type Static, Type } from '@sinclair/typebox';
import { MembershipRole } from '../accounts/auth';
import { AnalyticsSummary } from '../analytics/analytics';
import type { SitePeriod } from '../analytics/analytics-constants';
import { Nullable } from '../common';

/** `GET /api/sites/overview?period=`: every site of the caller at a glance, and all of them together. */
export const SitesOverviewQuery = Type.Object({
  period: Type.Optional(
    Type.Union(
      [
        Type.Literal('today'),
        Type.Literal('yesterday'),
        Type.Literal('7d'),
        Type.Literal('30d'),
        Type.Literal('month'),
        Type.Literal('last_month'),
        Type.Literal('12mo'),
        Type.Literal('all'),
      ] satisfies { const: SitePeriod }[],
      { default: '30d' },
    ),
  ),
});
export type SitesOverviewQuery = Static<typeof SitesOverviewQuery>;

/** One bucket of a site's sparkline: its visitors. */
export const SiteSeriesPoint = Type.Object({ date: Type.String(), visitors: Type.Integer() });
export type SiteSeriesPoint = Static<typeof SiteSeriesPoint>;

/** One site of the caller, with its figures over the period in its own time zone. */
export const SiteOverview = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  website: Nullable(Type.String()),
  role: MembershipRole,
  plan: Type.String(),
  timezone: Type.String(),
  /**
   * Whether the site ever stored a visit (test traffic never does): false until its snippet sent the first
   * pageview, which is what the first-run screen waits for.
   */
  has_visits: Type.Boolean(),
  /** Visitors of the site's current local day. */
  today_visitors: Type.Integer(),
  /** Visitors active in the last 5 minutes. */
  realtime_visitors: Type.Integer(),
  range: Type.Object({ from: Type.String(), to: Type.String() }),
  summary: AnalyticsSummary,
  /** The period before, as long: for the change beside each figure. */
  comparison: AnalyticsSummary,
  /** Visitors per bucket of the period (hours for a day, else days, months for 12 months and all). */
  series: Type.Array(SiteSeriesPoint),
});
export type SiteOverview = Static<typeof SiteOverview>;

export const SitesOverview = Type.Object({
  sites: Type.Array(SiteOverview),
  /**
   * All sites together: sums of visitors, visits, pageviews and events (a person who visits two sites
   * counts on each), and the ratios over all their visits.
   */
  totals: AnalyticsSummary,
  comparison: AnalyticsSummary,
});
export type SitesOverview = Static<typeof SitesOverview>;

export const SitesOverviewAnswer = Type.Object({ data: SitesOverview });
export type SitesOverviewAnswer = Static<typeof SitesOverviewAnswer>;
