import { REALTIME_MINUTES, REALTIME_ROWS, type Realtime, type RealtimeRow } from '@footfall/contract';
import type { RealtimeGroup } from '@footfall/db';
import { Temporal } from 'temporal-polyfill';
import type { AnalyticsContext } from './context';
import { type AnalyticsCompany, realtimeVisitors } from './detail';

// The realtime view (docs/api.md "Realtime"): the last 30 minutes of a company's raw events, grouped and
// counted by the database. Minutes are whole minutes of the clock: every time zone's offset is a whole number
// of minutes, so a UTC minute is a local one.

const MINUTE_MS = 60_000;

/** `YYYY-MM-DDTHH:MM`: a minute's start on the company's clock. */
function localMinute(timezone: string, at: number): string {
  return Temporal.Instant.fromEpochMilliseconds(at)
    .toZonedDateTimeISO(timezone)
    .toPlainDateTime()
    .toString()
    .slice(0, 16);
}

/** The first `REALTIME_ROWS` groups by visitors, then value by UTF-16 code unit (as breakdown rows). */
function top(groups: readonly RealtimeGroup[], countAs?: 'pageviews' | 'events'): RealtimeRow[] {
  return [...groups]
    .sort((a, b) => b.visitors - a.visitors || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, REALTIME_ROWS)
    .map(({ value, visitors, count }) => ({ value, visitors, ...(countAs && { [countAs]: count }) }));
}

/** The starts of the 30 minutes up to `now`, the current one last. */
export function realtimeMinutes(now: number): number[] {
  const first = Math.floor(now / MINUTE_MS) - (REALTIME_MINUTES - 1);
  return Array.from({ length: REALTIME_MINUTES }, (_, index) => (first + index) * MINUTE_MS);
}

/** The realtime view of a company as of now (docs/api.md "Realtime"). */
export async function realtimeReport(ctx: AnalyticsContext, company: AnalyticsCompany): Promise<Realtime> {
  const now = ctx.now().getTime();
  const starts = realtimeMinutes(now);
  const [counts, visitorsNow] = await Promise.all([
    ctx.analyticsRepos.visitCounts.realtimeCounts(
      company.id,
      starts.map((start) => new Date(start)),
    ),
    realtimeVisitors(ctx, company.id, now),
  ]);
  return {
    company_id: company.id,
    timezone: company.timezone,
    at: new Date(now).toISOString(),
    visitors: visitorsNow,
    totals: counts.totals,
    minutes: starts.map((start, index) => ({
      minute: localMinute(company.timezone, start),
      pageviews: counts.minutes[index]?.pageviews ?? 0,
      visitors: counts.minutes[index]?.visitors ?? 0,
    })),
    pages: top(counts.pages, 'pageviews'),
    sources: top(counts.sources),
    countries: top(counts.countries),
    events: top(counts.events, 'events'),
  };
}
