import {
  REALTIME_MINUTES,
  REALTIME_ROWS,
  type Realtime,
  type RealtimeMinute,
  type RealtimeRow,
} from '@footfall/contract';
import { EVENT_KINDS, type RecentActivityRow } from '@footfall/db';
import { Temporal } from 'temporal-polyfill';
import type { AnalyticsContext } from './context';
import { type AnalyticsCompany, realtimeVisitors } from './detail';

// The realtime view (docs/api.md "Realtime"): the last 30 minutes of a company's raw events, counted in
// one pass. Minutes are whole minutes of the clock: every time zone's offset is a whole number of
// minutes, so a UTC minute is a local one.

const MINUTE_MS = 60_000;

/** Distinct visitors and a count per value of one list. */
class Tally {
  private readonly rows = new Map<string, { visitors: Set<number>; count: number }>();

  add(value: string, visitorId: number): void {
    let row = this.rows.get(value);
    if (!row) {
      row = { visitors: new Set(), count: 0 };
      this.rows.set(value, row);
    }
    row.visitors.add(visitorId);
    row.count += 1;
  }

  /** The rows by visitors, then value by UTF-16 code unit (as breakdown rows), the first `REALTIME_ROWS`. */
  top(countAs?: 'pageviews' | 'events'): RealtimeRow[] {
    return [...this.rows]
      .map(([value, { visitors, count }]) => ({
        value,
        visitors: visitors.size,
        ...(countAs && { [countAs]: count }),
      }))
      .sort((a, b) => b.visitors - a.visitors || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
      .slice(0, REALTIME_ROWS);
  }
}

/** `YYYY-MM-DDTHH:MM`: a minute's start on the company's clock. */
function localMinute(timezone: string, at: number): string {
  return Temporal.Instant.fromEpochMilliseconds(at)
    .toZonedDateTimeISO(timezone)
    .toPlainDateTime()
    .toString()
    .slice(0, 16);
}

/** The realtime view of `rows`, the company's events from the start of the first of the 30 minutes on. */
export function countRealtime(
  company: AnalyticsCompany,
  rows: readonly RecentActivityRow[],
  now: number,
  visitorsNow: number,
): Realtime {
  const firstMinute = Math.floor(now / MINUTE_MS) - (REALTIME_MINUTES - 1);
  const minutes = Array.from({ length: REALTIME_MINUTES }, (_, index) => ({
    startsAt: (firstMinute + index) * MINUTE_MS,
    pageviews: 0,
    visitors: new Set<number>(),
  }));
  const [pages, sources, countries, events] = [new Tally(), new Tally(), new Tally(), new Tally()];
  const visitors = new Set<number>();
  let pageviews = 0;
  let customEvents = 0;
  for (const row of rows) {
    const minute = minutes[Math.floor(row.ts / MINUTE_MS) - firstMinute];
    // An event stamped after `now` (another server's clock, a moment ahead) counts in the current minute.
    const slot = minute ?? (row.ts >= now ? minutes.at(-1) : undefined);
    if (!slot) continue;
    visitors.add(row.visitorId);
    slot.visitors.add(row.visitorId);
    sources.add(row.source, row.visitorId);
    if (row.country) countries.add(row.country, row.visitorId);
    if (row.kind === EVENT_KINDS.pageview) {
      pageviews += 1;
      slot.pageviews += 1;
      pages.add(row.pathname, row.visitorId);
    } else if (row.kind === EVENT_KINDS.event && row.name !== null) {
      customEvents += 1;
      events.add(row.name, row.visitorId);
    }
  }
  return {
    company_id: company.id,
    timezone: company.timezone,
    at: new Date(now).toISOString(),
    visitors: visitorsNow,
    totals: { visitors: visitors.size, pageviews, events: customEvents },
    minutes: minutes.map(
      (minute): RealtimeMinute => ({
        minute: localMinute(company.timezone, minute.startsAt),
        pageviews: minute.pageviews,
        visitors: minute.visitors.size,
      }),
    ),
    pages: pages.top('pageviews'),
    sources: sources.top(),
    countries: countries.top(),
    events: events.top('events'),
  };
}

/** The realtime view of a company as of now (docs/api.md "Realtime"). */
export async function realtimeReport(ctx: AnalyticsContext, company: AnalyticsCompany): Promise<Realtime> {
  const now = ctx.now().getTime();
  const since = new Date((Math.floor(now / MINUTE_MS) - (REALTIME_MINUTES - 1)) * MINUTE_MS);
  const [rows, visitorsNow] = await Promise.all([
    ctx.analyticsRepos.visitCounts.activitySince(company.id, since),
    realtimeVisitors(ctx, company.id, now),
  ]);
  return countRealtime(company, rows, now, visitorsNow);
}
