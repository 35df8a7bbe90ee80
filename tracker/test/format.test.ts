import { describe, expect, it } from 'vitest';
import { formatCount, sparklinePoints } from '../widget/format';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1k'],
    [1049, '1k'],
    [1050, '1.1k'],
    [12_345, '12.3k'],
    [99_949, '99.9k'],
    [123_456, '123k'],
    [999_499, '999k'],
    [999_500, '1M'],
    [4_560_000, '4.6M'],
    [2_500_000_000, '2.5B'],
  ])('writes %d as %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });
});

describe('sparklinePoints', () => {
  it('spreads the days across the width, oldest first, with the tallest day at the top', () => {
    expect(sparklinePoints([0, 5, 10])).toBe('0.0,30.0 60.0,16.0 120.0,2.0');
  });

  it('draws a flat line along the bottom for a month without visitors', () => {
    const points = sparklinePoints(Array(30).fill(0)).split(' ');
    expect(points).toHaveLength(30);
    expect(new Set(points.map((point) => point.split(',')[1]))).toEqual(new Set(['30.0']));
  });
});
