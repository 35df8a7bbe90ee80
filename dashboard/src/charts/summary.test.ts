import type { TimeseriesPoint } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { barChartSummary, peakIndex, sparklineSummary, timeChartSummary } from './summary';

function days(values: number[], month = '03'): TimeseriesPoint[] {
  return values.map((visitors, index) => ({
    date: `2026-${month}-${String(index + 1).padStart(2, '0')}`,
    visitors,
    visits: visitors + 1,
    pageviews: visitors * 3,
    views_per_visit: 3,
    bounce_rate: 40,
    visit_duration: 95,
    events: 0,
  }));
}

const march = days(Array.from({ length: 30 }, (_, index) => (index === 13 ? 80 : 40)));

describe('timeChartSummary', () => {
  it('names the metric, the interval, the range, the total and the peak', () => {
    expect(timeChartSummary({ points: march, metric: 'visitors', interval: 'day' })).toBe(
      'Visitors per day, from Mar 1 to Mar 30: total 1.2k, peak 80 on Mar 14',
    );
  });

  it('adds the previous period total and the change when there is a comparison', () => {
    const previous = days(
      Array.from({ length: 30 }, () => 40),
      '02',
    );
    expect(
      timeChartSummary({ points: march, comparison: previous, metric: 'visitors', interval: 'day' }),
    ).toBe(
      'Visitors per day, from Mar 1 to Mar 30: total 1.2k, peak 80 on Mar 14; previous period total 1.2k (+3%)',
    );
  });

  it("gives no previous total or change when the previous period began before the site's data", () => {
    const previous = days([0, 0, 5, 9], '02');
    expect(
      timeChartSummary({
        points: days([10, 10, 10, 10]),
        comparison: previous,
        comparisonFirstDay: '2026-02-03',
        metric: 'visitors',
        interval: 'day',
      }),
    ).toBe(
      'Visitors per day, from Mar 1 to Mar 4: total 40, peak 10 on Mar 1; the previous period has no data before Feb 3',
    );
  });

  it('speaks of the buckets that have begun, against as many of the previous period', () => {
    expect(
      timeChartSummary({
        points: days([4, 6, 0, 0]),
        comparison: days([5, 5, 5, 5], '02'),
        metric: 'visitors',
        interval: 'day',
        through: '2026-03-02',
      }),
    ).toBe('Visitors per day, from Mar 1 to Mar 2: total 10, peak 6 on Mar 2; previous period total 10 (0%)');
  });

  it('names the highest and lowest of a ratio, leaving out the days without visits, and adds no total', () => {
    const points = days([5, 0, 7]).map((point, index) => ({
      ...point,
      visits: [5, 0, 7][index] ?? 0,
      bounce_rate: [40, 0, 75][index] ?? 0,
    }));
    expect(timeChartSummary({ points, metric: 'bounce_rate', interval: 'day' })).toBe(
      'Bounce rate per day, from Mar 1 to Mar 3: highest 75% on Mar 3, lowest 40% on Mar 1',
    );
    expect(timeChartSummary({ points: points.slice(1, 2), metric: 'bounce_rate', interval: 'day' })).toBe(
      'Bounce rate per day, Mar 2: no visits',
    );
  });

  it('leaves out a change it cannot give when the previous period had nothing', () => {
    const previous = days([0, 0]);
    expect(
      timeChartSummary({ points: days([1, 2]), comparison: previous, metric: 'visitors', interval: 'day' }),
    ).toBe('Visitors per day, from Mar 1 to Mar 2: total 3, peak 2 on Mar 2; previous period total 0');
  });

  it('says so when there is no data, and leaves out the peak of a flat zero line', () => {
    expect(timeChartSummary({ points: [], metric: 'pageviews', interval: 'week' })).toBe(
      'Pageviews per week: no data',
    );
    expect(timeChartSummary({ points: days([0, 0, 0]), metric: 'visitors', interval: 'day' })).toBe(
      'Visitors per day, from Mar 1 to Mar 3: total 0',
    );
  });

  it('names a lone bucket once, without a range or a peak', () => {
    const single = [
      {
        date: '2026-03-01',
        visitors: 1234,
        visits: 1300,
        pageviews: 4000,
        views_per_visit: 3.08,
        bounce_rate: 40,
        visit_duration: 95,
        events: 12,
      },
    ];
    expect(timeChartSummary({ points: single, metric: 'visits', interval: 'month' })).toBe(
      'Visits per month, Mar 2026: total 1.3k',
    );
  });

  it('gives hours with their day, and the peak hour with "at"', () => {
    const hours = [0, 5, 2].map((visitors, hour) => ({
      date: `2026-03-05T0${hour}:00`,
      visitors,
      visits: visitors,
      pageviews: visitors,
      views_per_visit: 1,
      bounce_rate: 100,
      visit_duration: 0,
      events: 0,
    }));
    // ICU versions differ on which space goes before AM/PM.
    const summary = timeChartSummary({ points: hours, metric: 'visitors', interval: 'hour' });
    expect(summary.replace(/[\u00a0\u202f]/g, ' ')).toBe(
      'Visitors per hour, from Mar 5, 12 AM to Mar 5, 2 AM: total 7, peak 5 at Mar 5, 1 AM',
    );
  });
});

describe('barChartSummary', () => {
  it('adds each series total and the reference line to the totals summary', () => {
    const summary = barChartSummary({
      dates: ['2026-03-01', '2026-03-02'],
      series: [
        { name: 'GET /a', counts: [10, 30] },
        { name: 'GET /b', counts: [5, 0] },
      ],
      totals: [15, 30],
      countLabel: 'API calls',
      reference: { value: 3333, label: 'Daily share of quota' },
      interval: 'day',
    });
    expect(summary).toBe(
      'API calls per day, from Mar 1 to Mar 2: total 45, peak 30 on Mar 2; GET /a 40, GET /b 5; Daily share of quota at 3.3k',
    );
  });
});

describe('sparklineSummary', () => {
  it('gives the latest, lowest and highest values', () => {
    expect(sparklineSummary('Visitors, last 30 days', [12, 80, 40])).toBe(
      'Visitors, last 30 days: latest 40, low 12, high 80',
    );
    expect(sparklineSummary('Visitors', [])).toBe('Visitors: no data');
  });
});

describe('peakIndex', () => {
  it('finds the first largest value', () => {
    expect(peakIndex([1, 5, 5, 2])).toBe(1);
    expect(peakIndex([])).toBe(-1);
  });
});
