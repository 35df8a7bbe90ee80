import { describe, expect, it } from 'vitest';
import { currentBucket } from './current-bucket';

describe('currentBucket', () => {
  const now = new Date('2026-11-26T23:30:00Z');

  it("names the hour under way in the company's time zone", () => {
    expect(currentBucket('UTC', 'hour', now)).toBe('2026-11-26T23:00');
    expect(currentBucket('Asia/Tokyo', 'hour', now)).toBe('2026-11-27T08:00');
    expect(currentBucket('America/New_York', 'hour', now)).toBe('2026-11-26T18:00');
  });

  it('names today for days, weeks and months, whose buckets are dated by their first day', () => {
    expect(currentBucket('UTC', 'day', now)).toBe('2026-11-26');
    expect(currentBucket('Pacific/Auckland', 'month', now)).toBe('2026-11-27');
  });

  it('writes midnight as hour 00, never 24', () => {
    expect(currentBucket('UTC', 'hour', new Date('2026-11-27T00:10:00Z'))).toBe('2026-11-27T00:00');
  });

  it('cuts nothing for a time zone the browser does not know', () => {
    expect(currentBucket('Mars/Olympus', 'day', now)).toBeUndefined();
  });
});
