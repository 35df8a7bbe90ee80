import type { TimeseriesPoint } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { estimateTextWidth } from './scales';
import { timeLayout } from './time-layout';

function month(values: number[], start = 1): TimeseriesPoint[] {
  return values.map((visitors, index) => ({
    date: `2026-03-${String(start + index).padStart(2, '0')}`,
    visitors,
    visits: visitors,
    pageviews: visitors * 2,
    views_per_visit: 2,
    bounce_rate: 40,
    visit_duration: 95,
    events: 0,
  }));
}

const thirtyDays = month(Array.from({ length: 30 }, (_, index) => 100 + index));

describe('timeLayout', () => {
  it('spreads the buckets from edge to edge of the plot', () => {
    const layout = timeLayout({
      points: thirtyDays,
      metric: 'visitors',
      interval: 'day',
      width: 800,
      height: 300,
    });
    expect(layout.xOf(0)).toBe(0);
    expect(layout.xOf(29)).toBeCloseTo(layout.frame.innerWidth);
    expect(layout.line).toHaveLength(30);
  });

  it('draws a lone bucket as a flat line across the plot with its label in the middle', () => {
    const layout = timeLayout({
      points: month([80]),
      metric: 'visitors',
      interval: 'month',
      width: 400,
      height: 200,
    });
    const y = layout.frame.y.scale(80);
    expect(layout.line).toEqual([
      [0, y],
      [layout.frame.innerWidth, y],
    ]);
    expect(layout.ticks).toEqual([
      expect.objectContaining({ index: 0, x: layout.frame.innerWidth / 2, label: 'Mar 2026' }),
    ]);
  });

  it('keeps an all-zero series on the baseline of a 0 to 1 axis', () => {
    const layout = timeLayout({
      points: month([0, 0, 0]),
      metric: 'visitors',
      interval: 'day',
      width: 400,
      height: 200,
    });
    expect(layout.frame.y.ticks.map((tick) => tick.value)).toEqual([0, 1]);
    expect(layout.line.every((point) => point?.[1] === layout.frame.innerHeight)).toBe(true);
  });

  it('reads the chosen metric and fits the value axis to both periods', () => {
    const comparison = month([10, 500, 10], 1);
    const layout = timeLayout({
      points: month([5, 6, 7]),
      comparison,
      metric: 'pageviews',
      interval: 'day',
      width: 400,
      height: 200,
    });
    expect(layout.values).toEqual([10, 12, 14]);
    expect(layout.frame.y.ticks.at(-1)?.value).toBeGreaterThanOrEqual(1000);
  });

  it("leaves the previous period's buckets before the site's first day with data out of its line", () => {
    const layout = timeLayout({
      points: month([5, 6, 7, 8]),
      comparison: month([0, 0, 3, 4], 1).map((point) => ({
        ...point,
        date: point.date.replace('-03-', '-02-'),
      })),
      comparisonFirstDay: '2026-02-03',
      metric: 'visitors',
      interval: 'day',
      width: 400,
      height: 200,
    });
    expect(layout.previous).toEqual([null, null, 3, 4]);
    expect(layout.previousLine.map((point) => point === null)).toEqual([true, true, false, false]);
  });

  it('cuts a longer previous period to the current one, bucket by bucket', () => {
    const layout = timeLayout({
      points: month([1, 2]),
      comparison: month([3, 4, 5]),
      metric: 'visitors',
      interval: 'day',
      width: 400,
      height: 200,
    });
    expect(layout.previous).toEqual([3, 4]);
    expect(layout.previousLine).toHaveLength(2);
  });

  it('stops the line at the latest bucket that has begun, keeping the axis and the previous period whole', () => {
    const layout = timeLayout({
      points: month([5, 6, 7, 0, 0]),
      comparison: month([1, 2, 3, 4, 9]),
      metric: 'visitors',
      interval: 'day',
      through: '2026-03-03',
      width: 400,
      height: 200,
    });
    expect(layout.values).toEqual([5, 6, 7]);
    expect(layout.line.map((point) => point?.[0])).toEqual([0, 1, 2].map(layout.xOf));
    expect(layout.previousLine).toHaveLength(5);
    expect(layout.xOf(4)).toBeCloseTo(layout.frame.innerWidth);
  });

  it('draws every bucket when none is in the future, or no present is given', () => {
    const points = month([5, 6, 7]);
    const base = { points, metric: 'visitors', interval: 'day', width: 400, height: 200 } as const;
    expect(timeLayout({ ...base, through: '2026-03-09' }).values).toEqual([5, 6, 7]);
    expect(timeLayout(base).values).toEqual([5, 6, 7]);
  });

  it('breaks a ratio line where a bucket has no visits, instead of drawing 0 %', () => {
    const points = month([10, 0, 5]).map((point, index) => ({
      ...point,
      bounce_rate: [50, 0, 20][index] ?? 0,
    }));
    const layout = timeLayout({ points, metric: 'bounce_rate', interval: 'day', width: 400, height: 200 });
    expect(layout.values).toEqual([50, null, 20]);
    expect(layout.line[1]).toBeNull();
    expect(layout.frame.y.ticks.at(-1)?.label).toMatch(/%$/);
  });

  it('writes the value axis in the metric own units', () => {
    const layout = timeLayout({
      points: month([10, 10]),
      metric: 'visit_duration',
      interval: 'day',
      width: 400,
      height: 200,
    });
    expect(layout.frame.y.ticks.map((tick) => tick.label)).toContain('1m 40s');
  });

  it('finds the bucket under the pointer', () => {
    const layout = timeLayout({
      points: thirtyDays,
      metric: 'visitors',
      interval: 'day',
      width: 800,
      height: 300,
    });
    expect(layout.indexAt(layout.xOf(12) + 3)).toBe(12);
    expect(layout.indexAt(-20)).toBe(0);
  });

  it('labels fewer days on a phone than on a desktop, and the labels never overlap', () => {
    const wide = timeLayout({
      points: thirtyDays,
      metric: 'visitors',
      interval: 'day',
      width: 1200,
      height: 300,
    });
    const narrow = timeLayout({
      points: thirtyDays,
      metric: 'visitors',
      interval: 'day',
      width: 320,
      height: 300,
    });
    expect(narrow.ticks.length).toBeGreaterThanOrEqual(2);
    expect(narrow.ticks.length).toBeLessThan(wide.ticks.length);
    for (const layout of [wide, narrow]) {
      layout.ticks.slice(1).forEach((tick, index) => {
        const before = layout.ticks[index];
        if (!before) throw new Error('unreachable');
        const room = (estimateTextWidth(before.label) + estimateTextWidth(tick.label)) / 2;
        expect(tick.x - before.x).toBeGreaterThan(room);
      });
    }
  });

  it('anchors the labels at the ends so they stay inside the chart', () => {
    const layout = timeLayout({
      points: month([1, 2, 3]).map((point, index) => ({ ...point, date: `2026-0${index + 1}-01` })),
      metric: 'visitors',
      interval: 'week',
      width: 500,
      height: 200,
    });
    expect(layout.ticks[0]?.anchor).toBe('start');
    expect(layout.ticks.at(-1)?.anchor).toBe('end');
  });
});
