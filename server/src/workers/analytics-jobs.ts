import type {
  AnalyticsDetail,
  FunnelReport,
  Realtime,
  SitesOverview,
  SitesOverviewQuery,
} from '@footfall/contract';
import { type CompanyForUser, PackRaceError } from '@footfall/db';
import { conversionsToday, type GoalTarget } from '../alerts/goal-count';
import type { AnalyticsContext } from '../analytics/context';
import { type AnalyticsCompany, analyticsDetail } from '../analytics/detail';
import type { AnalyticsRequest } from '../analytics/query';
import { realtimeReport } from '../analytics/realtime';
import { sitesOverview } from '../analytics/sites-overview';
import { type Day, localDays } from '../calendar/local-days';
import { type ExportStretch, exportStretch } from '../data-control/export-lines';
import { type FunnelDefinition, funnelReport } from '../funnels/funnel-report';
import type { Totals } from '../storage/day-stats';
import { PACK_AFTER_MS, type PackCounts, packDay } from '../storage/packing';
import { rolledUpDays } from '../storage/rollups';

// The work that runs off the request thread (docs/api.md "Limits that hold under attack"): every answer
// that scans stored events. Each job takes and answers plain data, which crosses to a worker thread and
// back by structured clone; the same functions run on the request thread when no worker is configured.

export const analyticsJobs = {
  /** The analytics detail (dashboard, stats API, shared links, e-mail reports); `query` is the raw query. */
  detail: (
    ctx: AnalyticsContext,
    input: { company: AnalyticsCompany; query: unknown },
  ): Promise<AnalyticsDetail> => analyticsDetail(ctx, input.company, input.query),

  /** The realtime view: the last 30 minutes of raw events (docs/api.md "Realtime"). */
  realtime: (ctx: AnalyticsContext, input: { company: AnalyticsCompany }): Promise<Realtime> =>
    realtimeReport(ctx, input.company),

  funnelReport: (
    ctx: AnalyticsContext,
    input: { company: AnalyticsCompany; funnel: FunnelDefinition; request: AnalyticsRequest },
  ): Promise<FunnelReport> => funnelReport(ctx, input.company, input.funnel, input.request),

  sitesOverview: (
    ctx: AnalyticsContext,
    input: { companies: CompanyForUser[]; query: SitesOverviewQuery },
  ): Promise<SitesOverview> => sitesOverview(ctx, input.companies, input.query),

  /** Today's conversions on a goal, for alert rules. */
  conversionsToday: (ctx: AnalyticsContext, input: { target: GoalTarget }): Promise<number | null> =>
    conversionsToday(ctx, input.target, ctx.now()),

  /**
   * The totals of each day from the daily rollups, building the missing ones (the public widget, the admin
   * overview, retention before it deletes a day's rows).
   */
  dayTotals: async (
    ctx: AnalyticsContext,
    input: { company: AnalyticsCompany; days: Day[]; primary?: boolean },
  ): Promise<{ date: string; totals: Totals }[]> => {
    const repos = input.primary ? ctx.repos : ctx.analyticsRepos;
    const days = await rolledUpDays(repos, input.company, input.days, ctx.now().getTime());
    return days.map(({ date, totals }) => ({ date, totals }));
  },

  /**
   * Packs the company's ended days among `dates` into segments (an import's days, so that they are read as
   * fast as live ones, and the hourly pass's); a day whose rows change meanwhile is left for a later pass.
   * Answers what was packed.
   */
  packDays: async (
    ctx: AnalyticsContext,
    input: { company: AnalyticsCompany; dates: string[] },
  ): Promise<PackCounts> => {
    const { id, timezone } = input.company;
    const counts: PackCounts = { days: 0, visits: 0, events: 0 };
    for (const date of [...input.dates].sort()) {
      const day = localDays(timezone, date, date)[0] as Day;
      if (day.endsAt + PACK_AFTER_MS > ctx.now().getTime()) continue;
      try {
        const packed = await packDay(ctx.repos, id, day);
        counts.days += 1;
        counts.visits += packed.visits;
        counts.events += packed.events;
      } catch (error) {
        if (!(error instanceof PackRaceError)) throw error;
      }
    }
    return counts;
  },

  /** A stretch (about a day) of a company's export, as NDJSON text (`data-control/export-lines.ts`). */
  exportStretch: (
    ctx: AnalyticsContext,
    input: { companyId: number; after: number | undefined; label: number },
  ): Promise<ExportStretch | undefined> =>
    exportStretch(ctx.repos, input.companyId, input.after, input.label),
} as const;

export type AnalyticsJobs = typeof analyticsJobs;
export type AnalyticsJobName = keyof AnalyticsJobs;
export type JobInput<K extends AnalyticsJobName> = Parameters<AnalyticsJobs[K]>[1];
export type JobOutput<K extends AnalyticsJobName> = Awaited<ReturnType<AnalyticsJobs[K]>>;
