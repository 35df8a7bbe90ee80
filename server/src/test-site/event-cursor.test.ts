import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { decodeEventCursor, encodeEventCursor, type FeedPosition, newestFirst } from './event-cursor';

describe('event cursors', () => {
  it('carry a position there and back, and ignore the suffix of an event id', () => {
    const position = { ts: 1_780_000_000_123, sessionId: 2 ** 52 + 7, kind: 3 };
    const cursor = encodeEventCursor(position);
    expect(cursor).toBe('1780000000123-4503599627370503-3');
    expect(decodeEventCursor(cursor)).toEqual(position);
    expect(decodeEventCursor(`${cursor}-2`)).toEqual(position);
  });

  it('carry a test event position there and back', () => {
    const cursor = encodeEventCursor({ ts: 1_780_000_000_123, sessionId: 0, kind: 0, testId: 42 });
    expect(cursor).toBe('1780000000123-t42');
    expect(decodeEventCursor(cursor)).toEqual({ ts: 1_780_000_000_123, sessionId: 0, kind: 0, testId: 42 });
  });

  it('order the feed by time, test traffic before real events of the same instant, then by visit and kind', () => {
    const real = (ts: number, sessionId: number, kind: number): FeedPosition => ({ ts, sessionId, kind });
    const test = (ts: number, testId: number): FeedPosition => ({ ts, sessionId: 0, kind: 0, testId });
    const positions = [test(5, 1), real(5, 9, 1), test(5, 2), real(6, 1, 1), real(5, 9, 2), test(4, 3)];
    expect(positions.sort(newestFirst).map(encodeEventCursor)).toEqual([
      '6-1-1',
      '5-9-2',
      '5-9-1',
      '5-t2',
      '5-t1',
      '4-t3',
    ]);
  });

  it('refuse a visit id beyond what a number holds exactly, as a 422 on after', () => {
    const refusal = (() => {
      try {
        decodeEventCursor('1-9007199254740993-1');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ statusCode: 422, errors: { after: ['The after field is invalid.'] } });
  });
});
