import type { EventPosition, TestEventPosition } from '@footfall/db';
import { fieldError } from '../errors';

// A feed position travels as `<ts>-<visit id>-<kind>` for a real event and `<ts>-t<id>` for test traffic, in
// decimal. Clients treat it as opaque; it is plain text only so that a developer reading a poll in the
// network panel can tell where it stands.

/** The first instant of the year 10000. */
const LAST_TIME_MS = Date.UTC(10_000, 0, 1);

/**
 * A place in the feed's order: stored time, then test traffic before real events (as if its visit id were
 * 0), then visit and kind for real events, arrival (`testId`) for test traffic.
 */
export type FeedPosition = EventPosition & { testId?: number };

export function encodeEventCursor(position: FeedPosition): string {
  return position.testId === undefined
    ? `${position.ts}-${position.sessionId}-${position.kind}`
    : `${position.ts}-t${position.testId}`;
}

/**
 * The position of an `after` value: a cursor, or an event's id (whose `-n` suffix, which only tells apart
 * events at the same position, is ignored). The contract's pattern has checked the shape already.
 */
export function decodeEventCursor(cursor: string): FeedPosition {
  const [tsText = '', second = '', kindText = ''] = cursor.split('-');
  const ts = Number(tsText);
  const isTest = second.startsWith('t');
  const id = Number(isTest ? second.slice(1) : second);
  const kind = isTest ? 0 : Number(kindText);
  // The pattern allows 16 digits for an id: more than a JavaScript number holds exactly. And 15 for the
  // time, past the year 9999, which PostgreSQL cannot read in the ISO form it is sent in (`+033658-…`).
  const valid =
    Number.isSafeInteger(ts) && ts < LAST_TIME_MS && Number.isSafeInteger(id) && Number.isSafeInteger(kind);
  if (!valid) {
    throw fieldError('after', 'The after field is invalid.');
  }
  return isTest ? { ts, sessionId: 0, kind: 0, testId: id } : { ts, sessionId: id, kind };
}

/** Where the real events' read starts: after any test position comes every real event of its instant. */
export function realEventsAfter(position: FeedPosition): EventPosition {
  return { ts: position.ts, sessionId: position.sessionId, kind: position.kind };
}

/** Where the test events' read starts: after a real event's position comes test traffic of later instants. */
export function testEventsAfter(position: FeedPosition): TestEventPosition {
  return { ts: position.ts, testId: position.testId ?? Number.MAX_SAFE_INTEGER };
}

/** Newest first: the feed's order, reversed. */
export function newestFirst(a: FeedPosition, b: FeedPosition): number {
  const group = (position: FeedPosition) => (position.testId === undefined ? 1 : 0);
  return (
    b.ts - a.ts ||
    group(b) - group(a) ||
    b.sessionId - a.sessionId ||
    b.kind - a.kind ||
    (b.testId ?? 0) - (a.testId ?? 0)
  );
}
