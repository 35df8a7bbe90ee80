import type { AnalyticsDetail, AnalyticsSummary, BreakdownRow } from '@footfall/contract';
import type { App } from '../types';
import type { ReportPeriod } from './report-period';

/** Rows of each top list in a report. */
export const TOP_ROWS = 5;

/** A goal's converting visitors in the period and the one before. */
export interface ReportGoal {
  name: string;
  visitors: number;
  conversionRate: number;
  previousVisitors: number;
}

/** Everything a report shows, before it is written as HTML or text. */
export interface ReportFigures {
  siteName: string;
  companyId: number;
  period: ReportPeriod;
  current: AnalyticsSummary;
  previous: AnalyticsSummary;
  pages: BreakdownRow[];
  sources: BreakdownRow[];
  countries: BreakdownRow[];
  goals: ReportGoal[];
}

/** The site as a report names it: the host of its website, else its name. */
export function reportSiteName(company: { name: string; website: string | null }): string {
  if (company.website) {
    try {
      const text = company.website.trim();
      return new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname;
    } catch {
      // Not a URL: the name says it as well.
    }
  }
  return company.name;
}

/**
 * The figures of a report, read through the analytics detail (the dashboard's own numbers): the period
 * and the one before it each as a custom period, so a month is compared with the month before, whatever
 * its length, rather than with as many days.
 */
export async function reportFigures(
  app: Pick<App, 'analytics'>,
  company: { id: number; name: string; website: string | null; timezone: string },
  period: ReportPeriod,
): Promise<ReportFigures> {
  const detail = (from: string, to: string): Promise<AnalyticsDetail> =>
    app.analytics.run('detail', {
      company: { id: company.id, timezone: company.timezone },
      query: { period: 'custom', from, to, limit: String(TOP_ROWS) },
    });
  const [current, previous] = await Promise.all([
    detail(period.from, period.to),
    detail(period.previous.from, period.previous.to),
  ]);
  const before = new Map(previous.goals.map((goal) => [goal.goal_id, goal.visitors]));
  return {
    siteName: reportSiteName(company),
    companyId: company.id,
    period,
    current: current.summary,
    previous: previous.summary,
    pages: current.breakdowns.pages,
    sources: current.breakdowns.sources,
    countries: current.breakdowns.countries,
    goals: current.goals.map((goal) => ({
      name: goal.name,
      visitors: goal.visitors,
      conversionRate: goal.conversion_rate,
      previousVisitors: before.get(goal.goal_id) ?? 0,
    })),
  };
}
