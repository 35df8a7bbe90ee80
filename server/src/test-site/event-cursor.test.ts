import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { decodeEventCursor, encodeEventCursor } from './event-cursor';

describe('event cursors', () => {
  it('carry a position there and back, and ignore the suffix of an event id', () => {
    const position = { ts: 1_780_000_000_123, sessionId: 2 ** 52 + 7, kind: 3 };
    const cursor = encodeEventCursor(position);
    expect(cursor).toBe('1780000000123-4503599627370503-3');
    expect(decodeEventCursor(cursor)).toEqual(position);
    expect(decodeEventCursor(`${cursor}-2`)).toEqual(position);
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
