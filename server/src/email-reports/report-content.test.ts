import type { AnalyticsSummary } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { reportContent, reportSubject } from './report-content';
import type { ReportFigures } from './report-figures';

const summary = (overrides: Partial<AnalyticsSummary>): AnalyticsSummary => ({
  visitors: 0,
  visits: 0,
  pageviews: 0,
  views_per_visit: 0,
  bounce_rate: 0,
  visit_duration: 0,
  events: 0,
  ...overrides,
});

const figures = (overrides: Partial<ReportFigures> = {}): ReportFigures => ({
  siteName: 'example.com',
  companyId: 1,
  period: {
    kind: 'weekly',
    from: '2026-11-15',
    to: '2026-11-21',
    endsAt: 0,
    previous: { from: '2026-11-08', to: '2026-11-14' },
  },
  current: summary({ visitors: 1234, visits: 1500, pageviews: 3000, bounce_rate: 35, visit_duration: 65 }),
  previous: summary({ visitors: 1100, visits: 1400, pageviews: 3000, bounce_rate: 40, visit_duration: 60 }),
  pages: [],
  sources: [],
  countries: [],
  goals: [{ name: 'Signed up', visitors: 57, conversionRate: 55, previousVisitors: 50 }],
  ...overrides,
});

const links = { dashboard: 'd', settings: 's', unsubscribe: 'u' };

describe('reportContent', () => {
  it('writes its figures as the dashboard does: the bounce rate’s change in points, rates with a decimal', () => {
    const content = reportContent(figures(), links);
    expect(content.metrics).toEqual([
      { label: 'Visitors', value: '1,234', change: '+12%', tone: 'good' },
      { label: 'Visits', value: '1,500', change: '+7%', tone: 'good' },
      { label: 'Pageviews', value: '3,000', change: '0%', tone: 'flat' },
      { label: 'Bounce rate', value: '35%', change: '-5 pts', tone: 'good' },
      { label: 'Visit duration', value: '1m 5s', change: '+8%', tone: 'good' },
    ]);
    expect(content.goals).toEqual([
      { name: 'Signed up', visitors: '57', rate: '55.0%', change: '+14%', tone: 'good' },
    ]);
  });

  it('names its week from Sunday to Saturday and its month by name, as the dashboard’s ranges read', () => {
    const plain = (text: string) => text.replace(/[\u2009\u202f\u00a0]/g, ' ');
    const week = reportContent(figures(), links);
    expect(plain(week.period)).toBe('Nov 15 – 21, 2026');
    expect(plain(week.comparedWith)).toBe('Nov 8 – 14, 2026');
    const month = reportContent(
      figures({
        period: {
          kind: 'monthly',
          from: '2026-11-01',
          to: '2026-11-30',
          endsAt: 0,
          previous: { from: '2026-10-01', to: '2026-10-31' },
        },
      }),
      links,
    );
    expect(month.period).toBe('November 2026');
    expect(month.comparedWith).toBe('October 2026');
  });

  it('gives no change where the previous period had no visits, and none in the subject', () => {
    const content = reportContent(figures({ previous: summary({}) }), links);
    expect(content.metrics.map((metric) => metric.change)).toEqual(['new', 'new', 'new', 'new', 'new']);
    expect(reportSubject(figures({ previous: summary({}) }))).toBe(
      'Weekly report for example.com: 1.2k visitors',
    );
    expect(reportSubject(figures())).toBe('Weekly report for example.com: 1.2k visitors (+12%)');
  });
});
