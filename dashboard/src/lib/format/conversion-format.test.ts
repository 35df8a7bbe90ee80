import {
  formatConversionRate,
  formatScrollDepth,
  formatTimeOnPage,
  NO_VALUE,
} from '@footfall/contract/format';
import { describe, expect, it } from 'vitest';

describe('formatTimeOnPage', () => {
  it('writes seconds alone under a minute', () => {
    expect(formatTimeOnPage(0)).toBe('0s');
    expect(formatTimeOnPage(9)).toBe('9s');
    expect(formatTimeOnPage(59)).toBe('59s');
  });

  it('pads the seconds after minutes, and the minutes after hours', () => {
    expect(formatTimeOnPage(60)).toBe('1m 00s');
    expect(formatTimeOnPage(65)).toBe('1m 05s');
    expect(formatTimeOnPage(754)).toBe('12m 34s');
    expect(formatTimeOnPage(3600)).toBe('1h 00m');
    expect(formatTimeOnPage(3725)).toBe('1h 02m');
  });

  it('rounds fractions and reads a negative time as none', () => {
    expect(formatTimeOnPage(64.6)).toBe('1m 05s');
    expect(formatTimeOnPage(-3)).toBe('0s');
  });

  it('shows a dash for a page without an engagement report', () => {
    expect(formatTimeOnPage(null)).toBe(NO_VALUE);
    expect(formatTimeOnPage(undefined)).toBe(NO_VALUE);
    expect(formatTimeOnPage(Number.NaN)).toBe(NO_VALUE);
  });
});

describe('formatScrollDepth', () => {
  it('writes whole percent, and a dash without a report', () => {
    expect(formatScrollDepth(72)).toBe('72%');
    expect(formatScrollDepth(0)).toBe('0%');
    expect(formatScrollDepth(100)).toBe('100%');
    expect(formatScrollDepth(null)).toBe(NO_VALUE);
  });
});

describe('formatConversionRate', () => {
  it('keeps the one decimal the API gives, a whole rate included', () => {
    expect(formatConversionRate(12.5)).toBe('12.5%');
    expect(formatConversionRate(100)).toBe('100.0%');
    expect(formatConversionRate(0)).toBe('0.0%');
  });
});
