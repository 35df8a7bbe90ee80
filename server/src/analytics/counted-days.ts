import type { Filters } from '@footfall/contract';
import type {
  AnalyticsEvent,
  AnalyticsRepository,
  AnalyticsVisit,
  EventConditions,
  VisitConditions,
} from '@footfall/db';
import { aggregateDay, type DayStats } from './aggregate';
import { type Day, type Hour, indexAt } from './calendar';

function visitConditions(filters: Filters): VisitConditions {
  return {
    entryPage: filters.entry_page,
    exitPage: filters.exit_page,
    source: filters.source,
    referrer: filters.referrer,
    utmSource: filters.utm_source,
    utmMedium: filters.utm_medium,
    utmCampaign: filters.utm_campaign,
    country: filters.country,
    browser: filters.browser,
    os: filters.os,
    device: filters.device,
  };
}

function eventConditions(filters: Filters): EventConditions {
  const page = filters.page;
  const pagePrefix = page?.endsWith('*') === true;
  return {
    page: pagePrefix ? page?.slice(0, -1) : page,
    pagePrefix,
    hostname: filters.hostname,
    name: filters.event,
  };
}

/**
 * The counted visits (API.md §6 and the API reference): those the visit filters select and, with an event
 * filter, those holding a matching event — a custom event with `event`, else a pageview. The events read
 * already match the event filters, so the counted events are those inside counted visits.
 */
function selectCounted(visits: AnalyticsVisit[], events: AnalyticsEvent[], filters: Filters) {
  let counted = visits;
  if (filters.page !== undefined || filters.hostname !== undefined || filters.event !== undefined) {
    const wantsCustom = filters.event !== undefined;
    const holding = new Set<number>();
    for (const event of events) if (event.isPageview !== wantsCustom) holding.add(event.sessionId);
    counted = visits.filter((visit) => holding.has(visit.id));
  }
  const byId = new Map(counted.map((visit) => [visit.id, visit]));
  return { visits: counted, events: events.filter((event) => byId.has(event.sessionId)), byId };
}

/** Splits rows into the days they fall on; `days` are consecutive, and every row lies within them. */
function perDay<T>(days: readonly Day[], rows: readonly T[], instantOf: (row: T) => number): T[][] {
  const starts = days.map((day) => day.startsAt);
  const split = days.map((): T[] => []);
  for (const row of rows) split[indexAt(starts, instantOf(row))]?.push(row);
  return split;
}

/**
 * Reads a company's visits and events over consecutive local days and adds up each day, with the query's
 * filters. `hours`, when given, are the wall-clock hours of those days, for an hourly timeseries.
 */
export async function countedDays(
  repository: AnalyticsRepository,
  companyId: number,
  days: readonly Day[],
  filters: Filters,
  hours: readonly Hour[] = [],
): Promise<DayStats[]> {
  const from = days[0]?.startsAt ?? 0;
  const to = days.at(-1)?.endsAt ?? 0;
  const [visits, events] = await Promise.all([
    repository.visits(companyId, from, to, visitConditions(filters)),
    repository.events(companyId, from, to, eventConditions(filters)),
  ]);
  const counted = selectCounted(visits, events, filters);
  const visitorOf = (event: AnalyticsEvent) => counted.byId.get(event.sessionId)?.visitorId ?? 0;
  const hourStarts = hours.map((hour) => hour.startsAt);
  const hourOf =
    hours.length > 0 ? (instant: number) => hours[indexAt(hourStarts, instant)]?.label ?? '' : undefined;
  const visitsPerDay = perDay(days, counted.visits, (visit) => visit.startedAt);
  const eventsPerDay = perDay(days, counted.events, (event) => event.ts);
  return days.map((day, i) =>
    aggregateDay(day.date, visitsPerDay[i] ?? [], eventsPerDay[i] ?? [], visitorOf, hourOf),
  );
}
