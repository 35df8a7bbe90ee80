import type { Repositories } from '@footfall/db';
import { type Day, localDays, todayIn } from '../calendar/local-days';
import type { App } from '../types';

type Activity = Repositories['adminDirectory']['activity'];
type ListedRollup = Awaited<ReturnType<Activity['listRollups']>>[number];

const DAY_MS = 86_400_000;
/** As in storage/rollups.ts: a rollup built this long after its day ended holds every live event. */
const FINAL_MARGIN_MS = 5_000;
/** Local days labelled with a UTC date start at most 14 hours before it (UTC+14): look back further. */
const ZONE_SLACK_MS = 2 * DAY_MS;

/** Where one company's days of the window are kept. */
interface CompanySources {
  id: number;
  timezone: string;
  /** The window's local days in the company's zone. */
  days: readonly Day[];
  rollups: Map<string, ListedRollup>;
  /** Local dates that have a packed segment. */
  packed: Set<string>;
  /** The first raw (unpacked) visit since the window began, if any (epoch ms). */
  rawFrom: number;
}

/**
 * Counted events (pageviews plus custom events) per day label from `first` to `last` (`YYYY-MM-DD`), over
 * every company. Like bot hits and stats-API calls, each company's events are counted by its own local
 * day, which is how every store of them is cut.
 *
 * Why these sources: `monthly_usage` is exact but monthly, and segments count engagement pings with the
 * rest, so a day is read, cheapest first, from
 *  1. its final rollup (`daily_rollups`, built after the day ended): its pageviews and events columns,
 *     written with the rollup (nearly every past day);
 *  2. for the day still under way, a count of its raw events (one index range);
 *  3. for a past day with packed or raw data but no final rollup (never viewed in a dashboard), the
 *     analytics' own `rolledUpDays`, which builds and stores that rollup, so the cost is paid once.
 * Days where a company has none of these had no events and cost nothing.
 */
export async function dailyEvents(
  app: Pick<App, 'analytics' | 'repos'>,
  first: string,
  last: string,
  now: number,
): Promise<Map<string, number>> {
  const { activity } = app.repos.adminDirectory;
  const perDay = new Map<string, number>();
  const add = (date: string, events: number) => perDay.set(date, (perDay.get(date) ?? 0) + events);
  const finalRollups: ListedRollup[] = [];
  for (const company of (await companySources(activity, first, last)).values()) {
    const unsettled: Day[] = [];
    for (const day of company.days) {
      const rollup = company.rollups.get(day.date);
      const hasRaw = company.rawFrom < day.endsAt;
      if (rollup && rollup.builtAt >= day.endsAt + FINAL_MARGIN_MS) finalRollups.push(rollup);
      else if (day.startsAt > now) continue;
      else if (day.endsAt + FINAL_MARGIN_MS > now) {
        if (hasRaw)
          add(
            day.date,
            await activity.rawEventCount(company.id, new Date(day.startsAt), new Date(day.endsAt)),
          );
      } else if (hasRaw || company.packed.has(day.date)) unsettled.push(day);
    }
    if (unsettled.length === 0) continue;
    const { id, timezone } = company;
    const built = await app.analytics.run('dayTotals', {
      company: { id, timezone },
      days: unsettled,
      primary: true,
    });
    for (const stats of built) {
      add(stats.date, stats.totals.pageviews + stats.totals.events);
    }
  }
  for (const row of await activity.rollupCounts(finalRollups)) add(row.day, row.events);
  return perDay;
}

/** The companies with any rollup, packed day or raw visit in the window, with where their days are kept. */
async function companySources(
  activity: Activity,
  first: string,
  last: string,
): Promise<Map<number, CompanySources>> {
  const since = new Date(Date.parse(`${first}T00:00:00.000Z`) - ZONE_SLACK_MS);
  const [rollups, segments, raw] = await Promise.all([
    activity.listRollups(first, last),
    activity.segmentStarts(since),
    activity.rawVisitStarts(since),
  ]);
  const timezones = await activity.timezones([
    ...new Set([...rollups, ...segments, ...raw].map((row) => row.companyId)),
  ]);
  // Working out local days is the slow part: once per zone, not per company.
  const daysOfZone = new Map<string, { days: Day[]; dateAt: Map<number, string> }>();
  const zone = (timezone: string) => {
    let found = daysOfZone.get(timezone);
    if (!found) {
      const days = localDays(timezone, first, last);
      found = { days, dateAt: new Map(days.map((day) => [day.startsAt, day.date])) };
      daysOfZone.set(timezone, found);
    }
    return found;
  };
  const sources = new Map<number, CompanySources>();
  for (const [id, timezone] of timezones) {
    const { days } = zone(timezone);
    sources.set(id, {
      id,
      timezone,
      days,
      rollups: new Map(),
      packed: new Set(),
      rawFrom: Number.POSITIVE_INFINITY,
    });
  }
  for (const row of rollups) sources.get(row.companyId)?.rollups.set(row.day, row);
  for (const row of segments) {
    const company = sources.get(row.companyId);
    // A segment starts at its local midnight, unless the zone changed since it was packed.
    company?.packed.add(
      zone(company.timezone).dateAt.get(row.startsAt) ?? todayIn(company.timezone, row.startsAt),
    );
  }
  for (const row of raw) {
    const company = sources.get(row.companyId);
    if (company) company.rawFrom = row.firstAt;
  }
  return sources;
}
