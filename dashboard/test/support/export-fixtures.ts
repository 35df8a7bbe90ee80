import type { AnalyticsDetail, AnalyticsSummary, Breakdown, BreakdownRow } from '@footfall/contract';
import type { ExportReport, ExportTable } from '../../src/exports/types';

// Hand-made answers and reports for the exports' unit tests.

const EMPTY_BREAKDOWNS: Record<Breakdown, BreakdownRow[]> = {
  pages: [],
  entry_pages: [],
  exit_pages: [],
  sources: [],
  referrers: [],
  utm_sources: [],
  utm_mediums: [],
  utm_campaigns: [],
  countries: [],
  browsers: [],
  os: [],
  devices: [],
  languages: [],
  events: [],
};

export const SUMMARY: AnalyticsSummary = {
  visitors: 1200,
  visits: 1500,
  pageviews: 3750,
  views_per_visit: 2.5,
  bounce_rate: 40,
  visit_duration: 200,
  events: 90,
};

export const PREVIOUS: AnalyticsSummary = {
  visitors: 1000,
  visits: 1500,
  pageviews: 5000,
  views_per_visit: 3.33,
  bounce_rate: 50,
  visit_duration: 0,
  events: 0,
};

export function analyticsDetail(overrides: Partial<AnalyticsDetail> = {}): AnalyticsDetail {
  return {
    company_id: 7,
    timezone: 'Europe/Paris',
    range: { from: '2026-10-26', to: '2026-11-24', interval: 'day' },
    summary: SUMMARY,
    comparison: PREVIOUS,
    first_day: '2026-01-05',
    timeseries: [
      {
        date: '2026-10-26',
        visitors: 40,
        visits: 50,
        pageviews: 120,
        views_per_visit: 2.4,
        bounce_rate: 42,
        visit_duration: 95,
        events: 2,
      },
      {
        date: '2026-10-27',
        visitors: 45,
        visits: 52,
        pageviews: 130,
        views_per_visit: 2.5,
        bounce_rate: 38,
        visit_duration: 101,
        events: 1,
      },
    ],
    realtime: { visitors: 3 },
    breakdowns: {
      ...EMPTY_BREAKDOWNS,
      pages: [
        { value: '/', visitors: 800, pageviews: 2000 },
        { value: '/pricing', visitors: 300, pageviews: 450 },
      ],
      sources: [{ value: 'Google', visitors: 500, visits: 650 }],
      utm_campaigns: [{ value: 'launch', visitors: 60, visits: 70 }],
      countries: [
        { value: 'FR', visitors: 700, visits: 800 },
        { value: 'DE', visitors: 200, visits: 240 },
      ],
      events: [{ value: 'signup', visitors: 30, events: 45 }],
    },
    goals: [],
    filtered: { bots: 12 },
    annotations: [],
    ...overrides,
  };
}

export const PAGES_TABLE: ExportTable = {
  name: 'pages',
  title: 'Top pages',
  columns: [
    { key: 'value', label: 'Page', kind: 'text' },
    { key: 'visitors', label: 'Visitors', kind: 'integer' },
  ],
  rows: [
    { value: '/', visitors: 800 },
    { value: '/pricing', visitors: 300 },
  ],
};

export function sampleReport(overrides: Partial<ExportReport> = {}): ExportReport {
  return {
    title: 'Analytics report',
    subtitle: 'Acme · Oct 26 – Nov 24, 2026',
    generatedAt: new Date(Date.UTC(2026, 10, 24, 13, 3)),
    filters: [{ label: 'Country', value: 'France (FR)' }],
    summary: [
      { label: 'Visitors', value: 1200, kind: 'integer', previous: 1000, change: '+20%', tone: 'good' },
      { label: 'Bounce rate', value: 40, kind: 'percent', previous: 50, change: '-20%', tone: 'good' },
      { label: 'Visit duration', value: 200, kind: 'duration', previous: 100, change: '+100%', tone: 'good' },
      { label: 'Views per visit', value: 2.5, kind: 'decimal', previous: 2, change: '+25%', tone: 'good' },
    ],
    tables: [PAGES_TABLE],
    ...overrides,
  };
}
