import type { Repositories } from '@footfall/db';
import type { Day } from '../calendar/local-days';
import { buildSegment, mergeRows } from './segment';
import { decodeSegment, encodeSegment } from './segment-codec';

/**
 * A day is packed this long after it ends: live events stamped before midnight may still be in the write
 * buffer, and a late one would otherwise recreate a packed visit's row; and the realtime view reads the
 * last 30 minutes from the raw rows, which a pack deletes along with its visits' events of up to 30 minutes
 * past midnight (`EVENTS_SPILL_MS`).
 */
export const PACK_AFTER_MS = 60 * 60_000;
/** A visit's events are read this far past its day's end, in case one came in after midnight. */
const EVENTS_SPILL_MS = 30 * 60_000;

/**
 * Packs a company's raw visits that started in `day`, and their events, into the day's segment (merging
 * them with the segment when the day was packed before), and deletes those raw rows.
 */
export async function packDay(
  repos: Pick<Repositories, 'analytics' | 'segments'>,
  companyId: number,
  day: Day,
): Promise<{ visits: number; events: number }> {
  const eventsBefore = day.endsAt + EVENTS_SPILL_MS;
  const [stored, visits, events] = await Promise.all([
    repos.segments.read(companyId, day.startsAt, day.endsAt),
    repos.analytics.visits(companyId, day.startsAt, day.endsAt),
    repos.analytics.events(companyId, day.startsAt, eventsBefore, { allKinds: true }),
  ]);
  const visitIds = new Set(visits.map((visit) => visit.id));
  const ownEvents = events.filter((event) => visitIds.has(event.sessionId));
  const previous = stored.find((segment) => segment.startsAt === day.startsAt);
  const merged = previous
    ? mergeRows(decodeSegment(previous.data), visits, ownEvents)
    : { visits, events: ownEvents, endsAt: day.endsAt };
  const segment = buildSegment(
    day.startsAt,
    Math.max(day.endsAt, merged.endsAt),
    merged.visits,
    merged.events,
  );
  await repos.segments.pack(
    companyId,
    {
      startsAt: segment.startsAt,
      endsAt: segment.endsAt,
      visits: segment.visitCount,
      events: segment.eventCount,
      data: encodeSegment(segment),
    },
    { from: day.startsAt, to: day.endsAt, eventsBefore, visits: visits.length, events: ownEvents.length },
  );
  return { visits: visits.length, events: ownEvents.length };
}

export interface PackCounts {
  days: number;
  visits: number;
  events: number;
}
