import { isPropFilter } from '@footfall/contract';
import type { ParsedFilters } from '@footfall/contract/rules';
import type {
  AnalyticsEvent,
  AnalyticsVisit,
  EventConditions,
  Repositories,
  VisitConditions,
} from '@footfall/db';
import { type Day, type Hour, indexAt } from '../calendar/local-days';
import { plainValue } from '../matching/filter-matcher';
import { type DayStats, sumDays } from './day-stats';
import { type ScanQuery, scanDay } from './scan';
import { buildSegment, mergeRows, type Segment } from './segment';
import { decodeSegment } from './segment-codec';

/**
 * What the database may filter raw rows on before the scan: a plain "is" of one value only (`plainValue`;
 * the scan applies every filter again, so leaving one out reads more rows but counts the same).
 */
function visitConditions(filters: ParsedFilters): VisitConditions {
  return {
    entryPage: plainValue(filters.entry_page),
    exitPage: plainValue(filters.exit_page),
    source: plainValue(filters.source),
    referrer: plainValue(filters.referrer),
    utmSource: plainValue(filters.utm_source),
    utmMedium: plainValue(filters.utm_medium),
    utmCampaign: plainValue(filters.utm_campaign),
    country: plainValue(filters.country),
    browser: plainValue(filters.browser),
    os: plainValue(filters.os),
    device: plainValue(filters.device),
  };
}

/**
 * Engagement pings are read too (their page's time and scroll). The conversion filters (`goal`,
 * `prop:KEY`) look at every event of a visit, so with one of them no event is left out.
 */
function eventConditions(filters: ParsedFilters): EventConditions {
  if (Object.keys(filters).some((name) => name === 'goal' || isPropFilter(name))) return { allKinds: true };
  const page = plainValue(filters.page);
  const pagePrefix = page?.endsWith('*') === true;
  return {
    allKinds: true,
    page: pagePrefix ? page?.slice(0, -1) : page,
    pagePrefix,
    hostname: plainValue(filters.hostname),
    name: plainValue(filters.event),
  };
}

/** Raw rows are read, and segments decoded, this many days at a time, so that a year stays in memory. */
export const DAYS_PER_READ = 7;

/**
 * The segments to scan for `days`: the stored ones, and the raw rows (today's, and those written since a
 * day was packed) as segments of their own days; raw rows of a packed day are merged into its segment,
 * since the same visitor may be in both.
 */
function withRawRows(
  stored: Segment[],
  days: readonly Day[],
  visits: readonly AnalyticsVisit[],
  events: readonly AnalyticsEvent[],
): Segment[] {
  if (visits.length === 0) return stored;
  const starts = days.map((day) => day.startsAt);
  const visitsPerDay = days.map((): AnalyticsVisit[] => []);
  const dayOfVisit = new Map<number, number>();
  for (const visit of visits) {
    const index = indexAt(starts, visit.startedAt);
    visitsPerDay[index]?.push(visit);
    dayOfVisit.set(visit.id, index);
  }
  const eventsPerDay = days.map((): AnalyticsEvent[] => []);
  for (const event of events) eventsPerDay[dayOfVisit.get(event.sessionId) ?? -1]?.push(event);
  const segments = [...stored];
  days.forEach((day, i) => {
    const dayVisits = visitsPerDay[i] as AnalyticsVisit[];
    if (dayVisits.length === 0) return;
    const dayEvents = eventsPerDay[i] as AnalyticsEvent[];
    const packed = segments.findIndex((segment) => segment.startsAt === day.startsAt);
    const merged = packed < 0 ? undefined : mergeRows(segments[packed] as Segment, dayVisits, dayEvents);
    const built = buildSegment(
      day.startsAt,
      Math.max(day.endsAt, merged?.endsAt ?? 0),
      merged?.visits ?? dayVisits,
      merged?.events ?? dayEvents,
    );
    if (packed < 0) segments.push(built);
    else segments[packed] = built;
  });
  return segments;
}

/**
 * Reads a company's visits and events over consecutive local days and adds up each day, with the query's
 * filters (and goals, property, funnel). `hours`, when given, are the wall-clock hours of those days, for
 * an hourly timeseries.
 */
export async function countedDays(
  repos: Pick<Repositories, 'analytics' | 'segments'>,
  companyId: number,
  days: readonly Day[],
  scan: ScanQuery,
  hours: readonly Hour[] = [],
): Promise<DayStats[]> {
  const { filters } = scan;
  const runs: Day[][] = [];
  for (let first = 0; first < days.length; first += DAYS_PER_READ)
    runs.push(days.slice(first, first + DAYS_PER_READ));
  const read = (run: readonly Day[]) => {
    const from = run[0]?.startsAt ?? 0;
    const to = run.at(-1)?.endsAt ?? 0;
    return Promise.all([
      repos.segments.read(companyId, from, to),
      repos.analytics.visits(companyId, from, to, visitConditions(filters)),
      repos.analytics.events(companyId, from, to, eventConditions(filters)),
    ]);
  };
  const result: DayStats[] = [];
  // The next run is read while this one is scanned: on PostgreSQL the server fetches and sends it on
  // another core meanwhile. At most two runs are in memory.
  let next = runs[0] && read(runs[0]);
  for (const [index, run] of runs.entries()) {
    const [stored, visits, events] = await (next as ReturnType<typeof read>);
    const following = runs[index + 1];
    next = following && read(following);
    // Awaited at the next turn; if this run's scan throws first, its failure must not go unhandled.
    next?.catch(() => {});
    const segments = withRawRows(
      stored.map((row) => decodeSegment(row.data)),
      run,
      visits,
      events,
    );
    for (const day of run) {
      const dayHours = hours.filter((hour) => hour.startsAt >= day.startsAt && hour.startsAt < day.endsAt);
      const parts = segments
        .filter((segment) => segment.startsAt < day.endsAt && segment.endsAt > day.startsAt)
        .map((segment) => scanDay(segment, day, scan, dayHours));
      result.push(sumDays(day.date, parts));
    }
  }
  return result;
}
