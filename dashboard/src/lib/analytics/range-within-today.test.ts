import { describe, expect, it } from 'vitest';
import { hrefWithRange, rangeWithinToday } from './range-within-today';

// 2026-12-02 10:00 UTC: Dec 2 from UTC−10 eastwards, still Dec 1 in UTC−12 and UTC−11, Dec 3 nowhere yet.
const NOW = new Date('2026-12-02T10:00:00Z');
const never = async (): Promise<string> => {
  throw new Error('the zone was asked for');
};

describe('rangeWithinToday', () => {
  it('ends a range past the site’s today on its today, and starts it there too when it started later', async () => {
    const search = { period: 'custom', from: '2026-11-20', to: '2027-01-31' } as const;
    await expect(rangeWithinToday(search, async () => 'Europe/Berlin', NOW)).resolves.toEqual({
      from: '2026-11-20',
      to: '2026-12-02',
    });
    const later = { period: 'custom', from: '2026-12-10', to: '2026-12-20' } as const;
    await expect(rangeWithinToday(later, async () => 'Europe/Berlin', NOW)).resolves.toEqual({
      from: '2026-12-02',
      to: '2026-12-02',
    });
  });

  it('follows the site’s zone, not the browser’s: Dec 2 is still the future in Midway', async () => {
    const search = { period: 'custom', from: '2026-11-01', to: '2026-12-02' } as const;
    await expect(rangeWithinToday(search, async () => 'Pacific/Midway', NOW)).resolves.toEqual({
      from: '2026-11-01',
      to: '2026-12-01',
    });
    await expect(rangeWithinToday(search, async () => 'Asia/Tokyo', NOW)).resolves.toBeUndefined();
  });

  it('asks nothing for a range every zone has reached, or for a period that is not custom', async () => {
    await expect(
      rangeWithinToday({ period: 'custom', from: '2026-11-01', to: '2026-12-01' }, never, NOW),
    ).resolves.toBeUndefined();
    await expect(rangeWithinToday({ period: '7d' }, never, NOW)).resolves.toBeUndefined();
    await expect(rangeWithinToday({}, never, NOW)).resolves.toBeUndefined();
  });
});

describe('hrefWithRange', () => {
  it('replaces the range and keeps every other parameter', () => {
    expect(
      hrefWithRange('/dashboard/4/detail?period=custom&from=2026-11-01&to=2027-01-31&page=~blog', {
        from: '2026-11-01',
        to: '2026-12-02',
      }),
    ).toBe('/dashboard/4/detail?period=custom&from=2026-11-01&to=2026-12-02&page=%7Eblog');
  });
});
