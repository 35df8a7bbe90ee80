import type { Breakdown } from '@footfall/contract';
import type { AnalyticsEvent, AnalyticsVisit } from '@footfall/db';

/** What a day, an hour or a breakdown row adds up. Visitors are distinct within one local day. */
export interface Counts {
  visitors: number;
  visits: number;
  pageviews: number;
  events: number;
}

/** One local day of counted visits and events: the unit that longer periods add up. */
export interface DayStats {
  date: string;
  totals: Counts & { bounces: number; durationMs: number };
  /** By wall-clock hour label; empty unless hours were asked for. */
  hours: Map<string, Counts>;
  breakdowns: Map<Breakdown, Map<string, Counts>>;
}

/** The breakdowns read from a visit's own fields. */
const VISIT_BREAKDOWNS: [Breakdown, (visit: AnalyticsVisit) => string | null][] = [
  ['entry_pages', (visit) => visit.entryPage],
  ['exit_pages', (visit) => visit.exitPage],
  ['sources', (visit) => visit.source],
  ['referrers', (visit) => visit.referrer],
  ['utm_sources', (visit) => visit.utmSource],
  ['utm_mediums', (visit) => visit.utmMedium],
  ['utm_campaigns', (visit) => visit.utmCampaign],
  ['countries', (visit) => visit.country],
  ['browsers', (visit) => visit.browser],
  ['os', (visit) => visit.os],
  ['devices', (visit) => visit.device],
  ['languages', (visit) => visit.language],
];

const zero = (): Counts => ({ visitors: 0, visits: 0, pageviews: 0, events: 0 });

/** Counts per key, with each key's distinct visitors gathered as a set until `finish`. */
class Tally {
  private readonly counts = new Map<string, Counts>();
  private readonly visitors = new Map<string, Set<number>>();

  /** Counts one more of `field` under `key`, and its visitor unless `visitorId` is null. */
  add(key: string, visitorId: number | null, field: 'visits' | 'pageviews' | 'events'): void {
    let counts = this.counts.get(key);
    let visitors = this.visitors.get(key);
    if (!counts || !visitors) {
      counts = zero();
      visitors = new Set();
      this.counts.set(key, counts);
      this.visitors.set(key, visitors);
    }
    if (visitorId !== null) visitors.add(visitorId);
    counts[field] += 1;
  }

  finish(): Map<string, Counts> {
    for (const [key, counts] of this.counts) counts.visitors = this.visitors.get(key)?.size ?? 0;
    return this.counts;
  }
}

/**
 * Adds up one local day. `visits` are the day's counted visits; `events` the counted pageviews and custom
 * events of those visits; `hourOf` gives an instant's hour label when hours are wanted.
 */
export function aggregateDay(
  date: string,
  visits: readonly AnalyticsVisit[],
  events: readonly AnalyticsEvent[],
  visitorOf: (event: AnalyticsEvent) => number,
  hourOf?: (instant: number) => string,
): DayStats {
  const totals = { ...zero(), bounces: 0, durationMs: 0 };
  const dayVisitors = new Set<number>();
  const hours = new Tally();
  const tallies = new Map<Breakdown, Tally>();
  const tally = (name: Breakdown) => {
    let found = tallies.get(name);
    if (!found) {
      found = new Tally();
      tallies.set(name, found);
    }
    return found;
  };

  for (const visit of visits) {
    totals.visits += 1;
    if (visit.isBounce) totals.bounces += 1;
    totals.durationMs += visit.lastActivityAt - visit.startedAt;
    dayVisitors.add(visit.visitorId);
    if (hourOf) hours.add(hourOf(visit.startedAt), visit.visitorId, 'visits');
    for (const [name, read] of VISIT_BREAKDOWNS) {
      const value = read(visit);
      if (value !== null) tally(name).add(value, visit.visitorId, 'visits');
    }
  }
  for (const event of events) {
    const visitorId = visitorOf(event);
    if (event.isPageview) {
      totals.pageviews += 1;
      tally('pages').add(event.pathname, visitorId, 'pageviews');
      // An hour's visitors are those whose visit started in it: its pageviews add none.
      if (hourOf) hours.add(hourOf(event.ts), null, 'pageviews');
    } else if (event.name !== null) {
      totals.events += 1;
      tally('events').add(event.name, visitorId, 'events');
    }
  }
  totals.visitors = dayVisitors.size;
  return {
    date,
    totals,
    hours: hours.finish(),
    breakdowns: new Map([...tallies].map(([name, found]) => [name, found.finish()])),
  };
}
