import { describe, expect, it } from 'vitest';
import { barTooltipContent } from './bar-tooltip';
import { tooltipLeft } from './chart-tooltip';
import { stackSeries } from './stack';
import { timeTooltipContent } from './time-tooltip';
import { tooltipText } from './tooltip-content';

const points = [
  {
    date: '2026-03-14',
    visitors: 80,
    visits: 90,
    pageviews: 200,
    views_per_visit: 2.22,
    bounce_rate: 40,
    visit_duration: 95,
    events: 3,
  },
  {
    date: '2026-03-15',
    visitors: 40,
    visits: 45,
    pageviews: 100,
    views_per_visit: 2.22,
    bounce_rate: 45,
    visit_duration: 80,
    events: 1,
  },
];
const previous = [
  {
    date: '2026-02-12',
    visitors: 70,
    visits: 75,
    pageviews: 150,
    views_per_visit: 2,
    bounce_rate: 50,
    visit_duration: 70,
    events: 2,
  },
];

describe('timeTooltipContent', () => {
  it('gives the date, the value, the previous bucket and the change', () => {
    const content = timeTooltipContent({
      points,
      comparison: previous,
      metric: 'visitors',
      interval: 'day',
      index: 0,
    });
    expect(content?.title).toBe('Sat, Mar 14, 2026');
    expect(content?.rows.map((row) => [row.label, row.value])).toEqual([
      ['Visitors', '80'],
      ['Thu, Feb 12, 2026', '70'],
    ]);
    expect(content?.change).toEqual({ text: '+14%', direction: 'up', tone: 'good' });
    expect(content && tooltipText(content)).toBe(
      'Sat, Mar 14, 2026: Visitors 80, Thu, Feb 12, 2026 70, +14% against the previous period',
    );
  });

  it("says a previous bucket before the site's first day with data had none, and gives no change", () => {
    const content = timeTooltipContent({
      points,
      comparison: previous,
      comparisonFirstDay: '2026-02-13',
      metric: 'visitors',
      interval: 'day',
      index: 0,
    });
    expect(content?.rows.map((row) => [row.label, row.value])).toEqual([
      ['Visitors', '80'],
      ['Thu, Feb 12, 2026', 'no data yet'],
    ]);
    expect(content?.change).toBeUndefined();
  });

  it("lists the bucket's notes with their writers, and those of a shared link without", () => {
    const note = { id: 1, date: '2026-03-14', end_date: null, text: 'Launch', author: 'Ada' };
    const content = timeTooltipContent({
      points,
      metric: 'visitors',
      interval: 'day',
      index: 0,
      notes: [note, { ...note, id: 2, text: 'Press', author: '' }],
    });
    expect(content?.notes).toEqual(['Launch (Ada)', 'Press']);
    expect(content && tooltipText(content)).toBe(
      'Sat, Mar 14, 2026: Visitors 80. Notes: Launch (Ada); Press',
    );
    expect(
      timeTooltipContent({ points, metric: 'visitors', interval: 'day', index: 0 })?.notes,
    ).toBeUndefined();
  });

  it('leaves out the comparison where the previous period has no bucket, and gives nothing out of range', () => {
    const content = timeTooltipContent({
      points,
      comparison: previous,
      metric: 'pageviews',
      interval: 'day',
      index: 1,
    });
    expect(content?.rows).toHaveLength(1);
    expect(content?.change).toBeUndefined();
    expect(timeTooltipContent({ points, metric: 'visitors', interval: 'day', index: 5 })).toBeUndefined();
  });

  it('writes a ratio in its units, says "no visits" where a bucket has none, and gives no change then', () => {
    const quiet = { ...points[1], date: '2026-03-16', visits: 0, bounce_rate: 0 } as (typeof points)[number];
    const content = timeTooltipContent({
      points: [...points, quiet],
      comparison: [...previous, ...previous, ...previous],
      metric: 'bounce_rate',
      interval: 'day',
      index: 2,
    });
    expect(content?.rows[0]).toMatchObject({ label: 'Bounce rate', value: 'no visits' });
    expect(content?.change).toBeUndefined();
    const measured = timeTooltipContent({
      points,
      comparison: previous,
      metric: 'visit_duration',
      interval: 'day',
      index: 0,
    });
    expect(measured?.rows[0]).toMatchObject({ label: 'Visit duration', value: '1m 35s' });
  });

  it('says a bucket still to come has no value yet, with no change against the previous period', () => {
    const content = timeTooltipContent({
      points,
      comparison: [
        ...previous,
        {
          date: '2026-02-13',
          visitors: 60,
          visits: 61,
          pageviews: 90,
          views_per_visit: 1.48,
          bounce_rate: 50,
          visit_duration: 70,
          events: 0,
        },
      ],
      metric: 'visitors',
      interval: 'day',
      through: '2026-03-14',
      index: 1,
    });
    expect(content?.rows.map((row) => [row.label, row.value])).toEqual([
      ['Visitors', 'not yet'],
      ['Fri, Feb 13, 2026', '60'],
    ]);
    expect(content?.change).toBeUndefined();
  });
});

describe('barTooltipContent', () => {
  const series = [
    { name: 'GET /big', counts: [10, 0] },
    { name: 'GET /small', counts: [2, 3] },
  ];
  const base = {
    dates: ['2026-03-01', '2026-03-02'],
    series,
    countLabel: 'API calls',
    interval: 'day' as const,
  };

  it('lists the series top of the bar first, then the total and the reference', () => {
    const content = barTooltipContent({
      ...base,
      stacks: stackSeries(series, 2),
      reference: { value: 3333, label: 'Daily share of quota' },
      index: 0,
    });
    expect(content?.rows.map((row) => [row.label, row.value])).toEqual([
      ['GET /small', '2'],
      ['GET /big', '10'],
      ['Total', '12'],
      ['Daily share of quota', '3,333'],
    ]);
  });

  it('names a single series by what it counts and gives no total', () => {
    const one = [{ name: 'GET /big', counts: [7] }];
    const content = barTooltipContent({ ...base, series: one, stacks: stackSeries(one, 1), index: 0 });
    expect(content?.rows.map((row) => [row.label, row.value])).toEqual([['API calls', '7']]);
  });
});

describe('tooltipLeft', () => {
  it('opens right of the crosshair when the card fits there, else left of it', () => {
    expect(tooltipLeft(100, 200, 1000)).toBe(112);
    expect(tooltipLeft(900, 200, 1000)).toBe(688);
  });

  it('keeps a card that fits on neither side inside the chart', () => {
    expect(tooltipLeft(180, 220, 375)).toBe(70);
    expect(tooltipLeft(10, 360, 375)).toBe(0);
    expect(tooltipLeft(370, 360, 375)).toBe(15);
  });
});
