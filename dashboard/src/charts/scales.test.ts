import { describe, expect, it } from 'vitest';
import {
  estimateTextWidth,
  linearScale,
  nearestIndex,
  pickTickIndexes,
  tickEvery,
  valueTicks,
} from './scales';

describe('linearScale', () => {
  it('maps the domain onto the range and back', () => {
    const scale = linearScale([0, 100], [200, 0]);
    expect(scale(0)).toBe(200);
    expect(scale(25)).toBe(150);
    expect(scale.invert(150)).toBe(25);
  });

  it('maps an empty domain onto the start of the range instead of dividing by zero', () => {
    const scale = linearScale([5, 5], [0, 300]);
    expect(scale(5)).toBe(0);
    expect(Number.isFinite(scale.invert(120))).toBe(true);
  });
});

describe('valueTicks', () => {
  it('gives an empty or all-zero series the axis 0 to 1', () => {
    expect(valueTicks(0, 4)).toEqual({ top: 1, ticks: [0, 1] });
    expect(valueTicks(Number.NaN, 4)).toEqual({ top: 1, ticks: [0, 1] });
  });

  it('steps by 1, 2 or 5 times a power of ten and ends on a tick at or above the maximum', () => {
    expect(valueTicks(80, 4)).toEqual({ top: 80, ticks: [0, 20, 40, 60, 80] });
    expect(valueTicks(83, 4)).toEqual({ top: 100, ticks: [0, 20, 40, 60, 80, 100] });
    expect(valueTicks(1234, 2)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
    expect(valueTicks(1400, 3)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });

  it('never steps by less than one, so small counts do not repeat labels', () => {
    expect(valueTicks(3, 5)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(valueTicks(1, 5)).toEqual({ top: 1, ticks: [0, 1] });
  });
});

describe('pickTickIndexes', () => {
  it('labels every nth bucket from the first', () => {
    expect(pickTickIndexes(5, 1)).toEqual([0, 1, 2, 3, 4]);
    expect(pickTickIndexes(30, 10)).toEqual([0, 10, 20]);
    expect(pickTickIndexes(30, 30)).toEqual([0]);
    expect(pickTickIndexes(0, 2)).toEqual([]);
  });
});

describe('tickEvery', () => {
  it('labels every bucket when the labels fit side by side', () => {
    expect(tickEvery(40, 80)).toBe(1);
  });

  it('skips buckets until a label and its gap fit between two labelled ones', () => {
    const width = estimateTextWidth('Mar 30');
    // Thirty days across a desktop chart and across a phone's.
    const wide = tickEvery(width, 1040 / 29);
    const narrow = tickEvery(width, 200 / 29);
    expect(wide).toBe(2);
    expect(narrow).toBeGreaterThan(wide);
    expect(pickTickIndexes(30, narrow).length).toBeGreaterThanOrEqual(3);
    expect(narrow * (200 / 29)).toBeGreaterThanOrEqual(width + 24);
  });

  it('labels only the first bucket when there is no room between buckets', () => {
    expect(pickTickIndexes(30, tickEvery(40, 0))).toEqual([0]);
  });
});

describe('nearestIndex', () => {
  it('snaps a pointer position to the closest bucket and stays within the buckets', () => {
    const scale = linearScale([0, 9], [0, 900]);
    expect(nearestIndex(149, 10, scale)).toBe(1);
    expect(nearestIndex(151, 10, scale)).toBe(2);
    expect(nearestIndex(-40, 10, scale)).toBe(0);
    expect(nearestIndex(5000, 10, scale)).toBe(9);
    expect(nearestIndex(400, 1, scale)).toBe(0);
  });
});
