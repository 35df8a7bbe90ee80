import type { AnalyticsEvent, AnalyticsVisit, Repositories } from '@footfall/db';
import { unpackSegment } from '../storage/segment';
import { decodeSegment } from '../storage/segment-codec';

/** A visit with its events in time order. */
export interface StoredVisit {
  visit: AnalyticsVisit;
  events: AnalyticsEvent[];
}

/** A visit's events are read this far past the window, in case one came in after its end (as packing does). */
const EVENTS_SPILL_MS = 30 * 60_000;

/**
 * Every visit of a company that started in [from, to), raw or packed, each with its events in time order,
 * and where the stretch read ends: `to` is moved on to the end of the last packed day that starts before
 * it, so a packed day is never cut and the next stretch starts after all of its visits. Packing is held off
 * meanwhile (`work-underway.ts`), so no visit moves from the raw rows into a segment between the reads.
 */
export async function storedVisits(
  repos: Pick<Repositories, 'analytics' | 'segments'>,
  companyId: number,
  from: number,
  until: number,
): Promise<{ to: number; visits: StoredVisit[] }> {
  const segments = await repos.segments.startingIn(companyId, from, until);
  let to = until;
  for (;;) {
    const reach = Math.max(to, ...segments.map((segment) => segment.endsAt));
    if (reach === to) break;
    segments.push(...(await repos.segments.startingIn(companyId, to, reach)));
    to = reach;
  }
  const visits = await repos.analytics.visits(companyId, from, to);
  const events =
    visits.length === 0
      ? []
      : await repos.analytics.events(companyId, from, to + EVENTS_SPILL_MS, { allKinds: true });
  const groups = group(visits, events);
  for (const stored of segments) {
    const rows = unpackSegment(decodeSegment(stored.data), 0);
    groups.push(...group(rows.visits, rows.events));
  }
  return { to, visits: groups.sort((a, b) => a.visit.startedAt - b.visit.startedAt) };
}

function group(visits: readonly AnalyticsVisit[], events: readonly AnalyticsEvent[]): StoredVisit[] {
  const byId = new Map(visits.map((visit): [number, StoredVisit] => [visit.id, { visit, events: [] }]));
  for (const event of events) byId.get(event.sessionId)?.events.push(event);
  // A stable sort keeps events of the same millisecond in the order they were stored.
  for (const stored of byId.values()) stored.events.sort((a, b) => a.ts - b.ts);
  return [...byId.values()];
}
