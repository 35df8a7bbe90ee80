import { formatPrice } from '@footfall/contract/format';
import { describe, expect, it } from 'vitest';
import { amountOf, centsOf, formatBytes, formatDate } from './admin-format';

describe('formatBytes', () => {
  it('writes a database size with one decimal under 100 of a unit', () => {
    expect(formatBytes(13_002_342)).toBe('12.4 MB');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(150 * 1024 * 1024)).toBe('150 MB');
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB');
  });

  it('shows the dash for a size that is not one', () => {
    expect(formatBytes(Number.NaN)).toBe('—');
    expect(formatBytes(-1)).toBe('—');
  });
});

describe('prices', () => {
  it('shows whole amounts without cents and others with them', () => {
    expect(formatPrice(900, 'usd')).toBe('$9');
    expect(formatPrice(950, 'usd')).toBe('$9.50');
    expect(formatPrice(0, 'usd')).toBe('$0');
  });

  it('turns a typed amount into cents and back without binary rounding surprises', () => {
    expect(centsOf('19.99')).toBe(1999);
    expect(centsOf('0.29')).toBe(29);
    expect(centsOf('9')).toBe(900);
    expect(amountOf(1999)).toBe('19.99');
    expect(amountOf(950)).toBe('9.50');
    expect(amountOf(900)).toBe('9');
  });
});

describe('formatDate', () => {
  it('writes a timestamp as a date, and the dash for none', () => {
    expect(formatDate('2026-11-21T09:30:00.000Z')).toMatch(/Nov 21, 2026/);
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('—');
  });
});
