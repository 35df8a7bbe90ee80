import type { EventPosition } from '@footfall/db';
import { fieldError } from '../errors';

// A feed position travels as `<ts>-<visit id>-<kind>` in decimal. Clients treat it as opaque; it is plain
// text only so that a developer reading a poll in the network panel can tell where it stands.

/** The first instant of the year 10000. */
const LAST_TIME_MS = Date.UTC(10_000, 0, 1);

export function encodeEventCursor(position: EventPosition): string {
  return `${position.ts}-${position.sessionId}-${position.kind}`;
}

/**
 * The position of an `after` value: a cursor, or an event's id (whose `-n` suffix, which only tells apart
 * events at the same position, is ignored). The contract's pattern has checked the shape already.
 */
export function decodeEventCursor(cursor: string): EventPosition {
  const [ts = Number.NaN, sessionId = Number.NaN, kind = Number.NaN] = cursor.split('-').map(Number);
  // The pattern allows 16 digits for the visit id: more than a JavaScript number holds exactly. And 15 for
  // the time, past the year 9999, which PostgreSQL cannot read in the ISO form it is sent in (`+033658-…`).
  const valid = Number.isSafeInteger(sessionId) && Number.isSafeInteger(kind) && ts < LAST_TIME_MS;
  if (!valid) {
    throw fieldError('after', 'The after field is invalid.');
  }
  return { ts, sessionId, kind };
}
