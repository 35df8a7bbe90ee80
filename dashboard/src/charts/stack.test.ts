import { describe, expect, it } from 'vitest';
import { eachDay, stackSeries, usageSeries } from './stack';

describe('stackSeries', () => {
  it('stacks the series bottom-up in their order and totals each bar', () => {
    const stacks = stackSeries(
      [
        { name: 'a', counts: [3, 0, 1] },
        { name: 'b', counts: [2, 4, 0] },
      ],
      3,
    );
    expect(stacks.totals).toEqual([5, 4, 1]);
    expect(stacks.segments[0]).toEqual([
      { series: 0, start: 0, end: 3 },
      { series: 1, start: 3, end: 5 },
    ]);
    expect(stacks.segments[1]).toEqual([{ series: 1, start: 0, end: 4 }]);
  });

  it('treats missing, negative and non-finite counts as nothing', () => {
    const stacks = stackSeries([{ name: 'a', counts: [-3, Number.NaN] }], 3);
    expect(stacks.totals).toEqual([0, 0, 0]);
    expect(stacks.segments).toEqual([[], [], []]);
  });
});

describe('eachDay', () => {
  it('lists every day of the range, both ends included, across month ends', () => {
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it('gives nothing for an inverted or invalid range', () => {
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
    expect(eachDay('yesterday', '2026-03-01')).toEqual([]);
  });
});

describe('usageSeries', () => {
  const rows = [
    { date: '2026-03-01', endpoint: 'GET /small', count: 1 },
    { date: '2026-03-01', endpoint: 'GET /big', count: 10 },
    { date: '2026-03-03', endpoint: 'GET /big', count: 5 },
    { date: '2026-04-01', endpoint: 'GET /big', count: 99 },
  ];

  it('fills the days without calls with zeros and leaves out rows outside the range', () => {
    const { dates, series } = usageSeries(rows, '2026-03-01', '2026-03-03');
    expect(dates).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(series.find((one) => one.name === 'GET /big')?.counts).toEqual([10, 0, 5]);
  });

  it('puts the busiest endpoint first, at the bottom of the stack', () => {
    const { series } = usageSeries(rows, '2026-03-01', '2026-03-03');
    expect(series.map((one) => one.name)).toEqual(['GET /big', 'GET /small']);
  });
});
