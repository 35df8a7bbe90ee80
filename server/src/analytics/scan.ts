import type { Breakdown, Filters } from '@footfall/contract';
import { EVENT_KINDS } from '@footfall/db';
import type { Counts, DayStats } from './aggregate';
import { type Day, type Hour, indexAt } from './calendar';
import type { Column } from './columns';
import { countedVisits, readEvents } from './scan-filters';
import { type Segment, VISIT_TEXT, type VisitTextColumn } from './segment';

/** The breakdowns read from a visit's own columns. */
const VISIT_BREAKDOWNS: [Breakdown, VisitTextColumn][] = [
  ['entry_pages', 'entry'],
  ['exit_pages', 'exit'],
  ['sources', 'source'],
  ['referrers', 'referrer'],
  ['utm_sources', 'utmSource'],
  ['utm_mediums', 'utmMedium'],
  ['utm_campaigns', 'utmCampaign'],
  ['countries', 'country'],
  ['browsers', 'browser'],
  ['os', 'os'],
  ['devices', 'device'],
  ['languages', 'language'],
];

/**
 * Counts per dictionary id, with distinct visitors: rows arrive grouped by visitor (visits are sorted by
 * visitor, events by visit), so a visitor is new to a key when it differs from the key's last one.
 */
class Tally {
  readonly visitors: Uint32Array;
  readonly visits: Uint32Array;
  readonly pageviews: Uint32Array;
  readonly events: Uint32Array;
  private readonly last: Int32Array;

  constructor(size: number) {
    this.visitors = new Uint32Array(size);
    this.visits = new Uint32Array(size);
    this.pageviews = new Uint32Array(size);
    this.events = new Uint32Array(size);
    this.last = new Int32Array(size).fill(-1);
  }

  /** Counts one more in `field` under `key`, and `visitor` (≥ 0) if new to it; -1 counts no visitor. */
  add(key: number, visitor: number, field: Uint32Array): void {
    (field[key] as number)++;
    if (visitor >= 0 && this.last[key] !== visitor) {
      this.last[key] = visitor;
      (this.visitors[key] as number)++;
    }
  }

  /** The keys counted, by name: `nameOf(id)` (ids whose name is null, and keys never counted, are left out). */
  toMap(nameOf: (id: number) => string | null | undefined): Map<string, Counts> {
    const counts = new Map<string, Counts>();
    for (let id = 0; id < this.visits.length; id++) {
      const visits = this.visits[id] as number;
      const pageviews = this.pageviews[id] as number;
      const events = this.events[id] as number;
      const name = nameOf(id);
      if ((visits === 0 && pageviews === 0 && events === 0) || name === null || name === undefined) continue;
      counts.set(name, { visitors: this.visitors[id] as number, visits, pageviews, events });
    }
    return counts;
  }
}

/**
 * Adds up one local day of a segment with the query's filters. `hours`, when given, are the day's
 * wall-clock hours, for an hourly timeseries. Events count on the day of their visit (visits never span
 * two days: visitor ids change at the company's midnight).
 */
export function scanDay(segment: Segment, day: Day, filters: Filters, hours: readonly Hour[] = []): DayStats {
  const { visits, events, dictionaries } = segment;
  const eventRead = readEvents(segment, filters);
  const counted = countedVisits(segment, filters, eventRead, day);
  const totals = { visitors: 0, visits: 0, pageviews: 0, events: 0, bounces: 0, durationMs: 0 };
  const hourStarts = hours.map((hour) => hour.startsAt - segment.startsAt);
  const hourTally = new Tally(hours.length);
  const tallies = VISIT_BREAKDOWNS.map(([, column]) => new Tally(dictionaries[VISIT_TEXT[column][0]].length));
  const breakdownColumns = VISIT_BREAKDOWNS.map(([, column]) => visits[column]);
  let lastVisitor = -1;
  for (let i = 0; i < segment.visitCount; i++) {
    if (counted[i] === 0) continue;
    const visitor = visits.visitor[i] as number;
    totals.visits++;
    totals.bounces += visits.bounce[i] as number;
    totals.durationMs += visits.duration[i] as number;
    if (visitor !== lastVisitor) {
      totals.visitors++;
      lastVisitor = visitor;
    }
    if (hours.length > 0) {
      const hour = indexAt(hourStarts, visits.start[i] as number);
      if (hour >= 0) hourTally.add(hour, visitor, hourTally.visits);
    }
    for (let b = 0; b < breakdownColumns.length; b++) {
      const key = (breakdownColumns[b] as Column)[i] as number;
      const tally = tallies[b] as Tally;
      if (key !== 0) tally.add(key, visitor, tally.visits);
    }
  }
  const pages = new Tally(dictionaries.pages.length);
  const names = new Tally(dictionaries.names.length);
  for (let i = 0; i < segment.eventCount; i++) {
    const visit = events.visit[i] as number;
    if (eventRead[i] === 0 || counted[visit] === 0) continue;
    const visitor = visits.visitor[visit] as number;
    if (events.kind[i] === EVENT_KINDS.pageview) {
      totals.pageviews++;
      pages.add(events.page[i] as number, visitor, pages.pageviews);
      // An hour's visitors are those whose visit started in it: its pageviews add none.
      if (hours.length > 0) {
        const hour = indexAt(hourStarts, events.at[i] as number);
        if (hour >= 0) hourTally.add(hour, -1, hourTally.pageviews);
      }
    } else if (events.name[i] !== 0) {
      totals.events++;
      names.add(events.name[i] as number, visitor, names.events);
    }
  }
  const breakdowns = new Map<Breakdown, Map<string, Counts>>();
  const keep = (name: Breakdown, counts: Map<string, Counts>) => {
    if (counts.size > 0) breakdowns.set(name, counts);
  };
  VISIT_BREAKDOWNS.forEach(([name, column], b) => {
    const dictionary = dictionaries[VISIT_TEXT[column][0]];
    keep(
      name,
      (tallies[b] as Tally).toMap((id) => dictionary[id]),
    );
  });
  keep(
    'pages',
    pages.toMap((id) => dictionaries.pages[id]),
  );
  keep(
    'events',
    names.toMap((id) => dictionaries.names[id]),
  );
  return { date: day.date, totals, hours: hourTally.toMap((id) => hours[id]?.label), breakdowns };
}
