import { formatDateRange } from '@footfall/contract/format';
import { describe, expect, it } from 'vitest';
import { analyticsDetail } from '../../test/support/export-fixtures';
import { reportFromAnalytics } from './report-from-analytics';
import { changePercent, reportTables, summaryTable } from './report-tables';
import type { ExportReport } from './types';

// ICU versions differ on whether thin or plain spaces surround the dash of a date range.
function plain(text: string): string {
  return text.replace(/[\u2009\u202f\u00a0]/g, ' ');
}

const generatedAt = new Date(Date.UTC(2026, 10, 24, 12));

function report(overrides: Parameters<typeof analyticsDetail>[0] = {}, filters = {}): ExportReport {
  return reportFromAnalytics(analyticsDetail(overrides), { companyName: 'Acme', filters, generatedAt });
}

function tableTitled(title: string, from: ExportReport = report()) {
  const table = from.tables.find((candidate) => candidate.title === title);
  if (!table) throw new Error(`no table titled ${title}`);
  return table;
}

describe('reportFromAnalytics', () => {
  it('names the company and the range in the subtitle', () => {
    const built = report();
    expect(built.title).toBe('Analytics report');
    expect(plain(built.subtitle)).toBe('Acme · Oct 26 – Nov 24, 2026');
    expect(built.generatedAt).toBe(generatedAt);
    expect(built.chart).toBeUndefined();
  });

  it('gives every summary figure with its kind, previous value and change', () => {
    expect(report().summary).toEqual([
      { label: 'Visitors', value: 1200, kind: 'integer', previous: 1000, change: '+20%', tone: 'good' },
      { label: 'Visits', value: 1500, kind: 'integer', previous: 1500, change: '0%', tone: 'neutral' },
      { label: 'Pageviews', value: 3750, kind: 'integer', previous: 5000, change: '-25%', tone: 'bad' },
      { label: 'Views per visit', value: 2.5, kind: 'decimal', previous: 3.33, change: '-25%', tone: 'bad' },
      // A rate's change is in points: 50% → 40% is 10 points down, not a 20% fall.
      { label: 'Bounce rate', value: 40, kind: 'percent', previous: 50, change: '-10 pts', tone: 'good' },
      { label: 'Visit duration', value: 200, kind: 'duration', previous: 0, change: 'new', tone: 'neutral' },
      { label: 'Events', value: 90, kind: 'integer', previous: 0, change: 'new', tone: 'neutral' },
    ]);
  });

  it("says there is no data before the site's first day when the previous period began before it", () => {
    const figures = report({ first_day: '2026-10-01' }).summary;
    expect(figures[0]).toEqual({
      label: 'Visitors',
      value: 1200,
      kind: 'integer',
      previous: 1000,
      change: 'no data before Oct 1',
      tone: 'neutral',
      comparable: false,
    });
    expect(summaryTable(report({ first_day: '2026-10-01' })).rows[0]).toEqual({
      metric: 'visitors',
      value: 1200,
      previous: 1000,
      change: null,
    });
  });

  it('leaves changes out when the answer has no comparison', () => {
    const figures = report({ comparison: null }).summary;
    expect(figures.map((figure) => Object.keys(figure))).toEqual(
      figures.map(() => ['label', 'value', 'kind']),
    );
  });

  it('starts the tables with the visitors over time, then one per breakdown in the order of the contract', () => {
    expect(report().tables.map((table) => table.title)).toEqual([
      'Visitors over time',
      'Top pages',
      'Entry pages',
      'Exit pages',
      'Sources',
      'Referrers',
      'UTM sources',
      'UTM mediums',
      'UTM campaigns',
      'Countries',
      'Browsers',
      'Operating systems',
      'Devices',
      'Languages',
      'Custom events',
    ]);
  });

  it("names each table for files, and marks the breakdowns' text as visitors' own", () => {
    const tables = report().tables;
    expect(tables.map((table) => table.name).slice(0, 4)).toEqual([
      'timeseries',
      'pages',
      'entry_pages',
      'exit_pages',
    ]);
    const fromVisitors = (table: (typeof tables)[number]) =>
      table.columns.filter((column) => column.fromVisitors).map((column) => column.key);
    expect(fromVisitors(tableTitled('Visitors over time'))).toEqual([]);
    expect(fromVisitors(tableTitled('Referrers'))).toEqual(['value']);
    expect(fromVisitors(tableTitled('Languages'))).toEqual(['name', 'value']);
  });

  it('gives the timeseries its buckets as dates and its counts as numbers', () => {
    const table = tableTitled('Visitors over time');
    expect(table.columns.map((column) => [column.label, column.kind])).toEqual([
      ['Date', 'date'],
      ['Visitors', 'integer'],
      ['Visits', 'integer'],
      ['Pageviews', 'integer'],
    ]);
    expect(table.rows[0]).toEqual({ date: '2026-10-26', visitors: 40, visits: 50, pageviews: 120 });
  });

  it("lists the site's notes on the period after the visitors over time, and none when there are none", () => {
    const annotations = [
      {
        id: 3,
        date: '2026-11-02',
        end_date: '2026-11-08',
        text: '=Winter sale',
        author: 'Ada',
        created_at: '2026-11-01T09:00:00.000Z',
      },
      {
        id: 4,
        date: '2026-11-20',
        end_date: null,
        text: 'Launch',
        author: 'Bob',
        created_at: '2026-11-20T09:00:00.000Z',
      },
    ];
    const withNotes = report({ annotations });
    expect(withNotes.tables.map((table) => table.name).slice(0, 3)).toEqual(['timeseries', 'notes', 'pages']);
    const notes = tableTitled('Notes', withNotes);
    expect(notes.rows).toEqual([
      { date: '2026-11-02', end_date: '2026-11-08', text: '=Winter sale', author: 'Ada' },
      { date: '2026-11-20', end_date: null, text: 'Launch', author: 'Bob' },
    ]);
    expect(notes.columns.filter((column) => column.fromVisitors).map((column) => column.key)).toEqual([
      'text',
      'author',
    ]);
    expect(report().tables.some((table) => table.name === 'notes')).toBe(false);
  });

  it('labels hourly buckets as hours', () => {
    const hourly = report({ range: { from: '2026-11-24', to: '2026-11-24', interval: 'hour' } });
    expect(tableTitled('Visitors over time', hourly).columns[0]?.label).toBe('Hour');
    expect(plain(hourly.subtitle)).toBe('Acme · Nov 24, 2026');
  });

  it('counts pageviews for pages, events for custom events and visits for the others', () => {
    const labels = (title: string) => tableTitled(title).columns.map((column) => column.label);
    expect(labels('Top pages')).toEqual(['Page', 'Visitors', 'Pageviews']);
    expect(labels('Custom events')).toEqual(['Event', 'Visitors', 'Events']);
    expect(labels('Sources')).toEqual(['Source', 'Visitors', 'Visits']);
    expect(labels('UTM campaigns')).toEqual(['UTM campaign', 'Visitors', 'Visits']);
    expect(tableTitled('Top pages').rows[1]).toEqual({ value: '/pricing', visitors: 300, pageviews: 450 });
    expect(tableTitled('Custom events').rows[0]).toEqual({ value: 'signup', visitors: 30, events: 45 });
  });

  it('names countries in English and keeps the code in a column of its own', () => {
    const countries = tableTitled('Countries');
    expect(countries.columns.map((column) => column.label)).toEqual([
      'Country',
      'Code',
      'Visitors',
      'Visits',
    ]);
    expect(countries.rows).toEqual([
      { name: 'France', value: 'FR', visitors: 700, visits: 800 },
      { name: 'Germany', value: 'DE', visitors: 200, visits: 240 },
    ]);
  });

  it('names languages too, and shows a code without a name as it is', () => {
    const built = report({
      breakdowns: {
        ...analyticsDetail().breakdowns,
        languages: [
          { value: 'pt-BR', visitors: 3, visits: 3 },
          { value: 'not a tag!', visitors: 1, visits: 1 },
        ],
      },
    });
    expect(tableTitled('Languages', built).rows.map((row) => row.name)).toEqual([
      'Brazilian Portuguese',
      'not a tag!',
    ]);
  });

  it('describes the filters in words, in a fixed order, ignoring other search params', () => {
    const filters = { period: '30d', country: 'fr', page: '/blog/*', utm_campaign: '' };
    expect(report({}, filters).filters).toEqual([
      { label: 'Page', value: '/blog/*' },
      { label: 'Country', value: 'France (FR)' },
    ]);
  });

  it('describes operators, alternatives, goals and properties as the pills do', () => {
    const filters = {
      country: '!FR|de',
      source: '~goo',
      goal: '4',
      'prop:plan': 'pro|team\\|x',
    };
    const goals = [{ id: 4, name: 'Signup' }];
    const described = reportFromAnalytics(analyticsDetail(), {
      companyName: 'Acme',
      filters,
      goals,
      generatedAt,
    });
    expect(described.filters).toEqual([
      { label: 'Source', value: 'contains goo' },
      { label: 'Country', value: 'is not France (FR) or Germany (DE)' },
      { label: 'Goal', value: 'Signup' },
      { label: 'Property plan', value: 'pro or team|x' },
    ]);
  });
});

describe('reportTables', () => {
  it('puts the summary first, with units in the metric names and the change as a number', () => {
    const [summary] = reportTables(report());
    expect(summary?.name).toBe('summary');
    expect(summary?.columns.map((column) => [column.label, column.kind])).toEqual([
      ['Metric', 'text'],
      ['Value', 'decimal'],
      ['Previous value', 'decimal'],
      ['Change percent', 'decimal'],
    ]);
    expect(summary?.rows[4]).toEqual({ metric: 'bounce_rate_percent', value: 40, previous: 50, change: -20 });
    expect(summary?.rows[5]).toEqual({
      metric: 'visit_duration_seconds',
      value: 200,
      previous: 0,
      change: null,
    });
  });

  it('keeps the comparison columns, empty, without a comparison', () => {
    const [summary] = reportTables(report({ comparison: null }));
    expect(summary?.columns).toHaveLength(4);
    expect(summary?.rows[0]).toEqual({ metric: 'visitors', value: 1200, previous: null, change: null });
  });
});

describe('changePercent', () => {
  it('is the change in percent to two decimals, and null without a previous value', () => {
    expect(changePercent(1200, 1000)).toBe(20);
    expect(changePercent(2.5, 3.33)).toBe(-24.92);
    expect(changePercent(20_000, 1)).toBe(1_999_900);
    expect(changePercent(5, 5)).toBe(0);
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(5, undefined)).toBeNull();
    expect(Object.is(changePercent(1_000_000, 1_000_001), 0)).toBe(true);
  });
});

describe('formatDateRange', () => {
  it('shows dates that are not dates as they were given', () => {
    expect(plain(formatDateRange('soon', 'later'))).toBe('soon – later');
  });
});
