import type { AnalyticsDetail, AnalyticsSummary, Filters } from '@footfall/contract';
import { countryName, formatDateRange, formatSummaryChange } from '@footfall/contract/format';
import { validFilters } from '../lib/analytics/analytics-search';

import { comparisonGap, noDataBefore } from '../lib/analytics/comparison-coverage';
import { decodeFilter, isContains, OPERATOR_LABELS } from '../lib/analytics/filter-expression';
import { describeValue, fieldLabel, type GoalName } from '../lib/analytics/filter-fields';
import { breakdownTables } from './breakdown-tables';
import type { ExportFilter, ExportReport, ExportTable, FigureKind, SummaryFigure } from './types';

export interface AnalyticsReportOptions {
  companyName: string;
  /** The filters the answer was asked for; other keys (`period`, `from`…) are ignored. */
  filters?: Filters | Record<string, string>;
  /** The site's goals, which name the values of a goal filter. */
  goals?: readonly GoalName[];
  /** Defaults to now. */
  generatedAt?: Date;
  /** The chart on screen, for the PDF report. */
  chart?: SVGSVGElement | null;
  /** Defaults to `Analytics report`. */
  title?: string;
  /** The name of the saved segment whose filters are those in force, if one is. */
  segment?: string | undefined;
}

/** The summary's figures that every answer has (the engagement ones come with a `page` filter only). */
type HeadlineKey = Exclude<keyof AnalyticsSummary, 'time_on_page' | 'scroll_depth'>;

interface Metric {
  key: HeadlineKey;
  label: string;
  kind: FigureKind;
}

const METRICS: readonly Metric[] = [
  { key: 'visitors', label: 'Visitors', kind: 'integer' },
  { key: 'visits', label: 'Visits', kind: 'integer' },
  { key: 'pageviews', label: 'Pageviews', kind: 'integer' },
  { key: 'views_per_visit', label: 'Views per visit', kind: 'decimal' },
  { key: 'bounce_rate', label: 'Bounce rate', kind: 'percent' },
  { key: 'visit_duration', label: 'Visit duration', kind: 'duration' },
  { key: 'events', label: 'Events', kind: 'integer' },
];

const TIMESERIES_DATE_LABELS: Record<AnalyticsDetail['range']['interval'], string> = {
  hour: 'Hour',
  day: 'Date',
  week: 'Week of',
  month: 'Month',
};

/**
 * Each figure with the previous period's and the change; `gap` is the site's first day with data when the
 * previous period began before it, whose change says so instead of comparing with days that had nothing.
 */
function summaryFigures(
  summary: AnalyticsSummary,
  comparison: AnalyticsSummary | null,
  gap: string | undefined,
): SummaryFigure[] {
  return METRICS.map(({ key, label, kind }) => {
    const figure: SummaryFigure = { label, value: summary[key], kind };
    if (!comparison) return figure;
    if (gap) {
      const change = noDataBefore(gap);
      return { ...figure, previous: comparison[key], change, tone: 'neutral', comparable: false };
    }
    const change = formatSummaryChange(key, summary, comparison);
    return { ...figure, previous: comparison[key], change: change.text, tone: change.tone };
  });
}

/** Each filter as its pill reads, the field apart: "Country" and "is not France (FR) or Germany (DE)". */
function describeFilters(filters: Record<string, unknown>, goals: readonly GoalName[]): ExportFilter[] {
  return validFilters(filters).flatMap(([name, raw]) => {
    const condition = decodeFilter(raw);
    if (!condition) return [];
    const { operator } = condition;
    const values = condition.values.map((value) =>
      name === 'country' && !isContains(operator)
        ? `${countryName(value)} (${value.toUpperCase()})`
        : describeValue(name, value, operator, goals),
    );
    const text = values.join(' or ');
    return [
      { label: fieldLabel(name), value: operator === 'is' ? text : `${OPERATOR_LABELS[operator]} ${text}` },
    ];
  });
}

function timeseriesTable(detail: AnalyticsDetail): ExportTable {
  return {
    name: 'timeseries',
    title: 'Visitors over time',
    columns: [
      { key: 'date', label: TIMESERIES_DATE_LABELS[detail.range.interval], kind: 'date' },
      { key: 'visitors', label: 'Visitors', kind: 'integer' },
      { key: 'visits', label: 'Visits', kind: 'integer' },
      { key: 'pageviews', label: 'Pageviews', kind: 'integer' },
    ],
    rows: detail.timeseries.map(({ date, visitors, visits, pageviews }) => ({
      date,
      visitors,
      visits,
      pageviews,
    })),
  };
}

/** The site's notes on the period, as the chart marks them; absent when there are none. */
function notesTable(detail: AnalyticsDetail): ExportTable[] {
  if (detail.annotations.length === 0) return [];
  return [
    {
      name: 'notes',
      title: 'Notes',
      columns: [
        { key: 'date', label: 'Date', kind: 'date' },
        { key: 'end_date', label: 'Until', kind: 'date' },
        // Typed by the site's team rather than by visitors, but text all the same: defused like theirs.
        { key: 'text', label: 'Note', kind: 'text', fromVisitors: true },
        { key: 'author', label: 'By', kind: 'text', fromVisitors: true },
      ],
      rows: detail.annotations.map(({ date, end_date, text, author }) => ({ date, end_date, text, author })),
    },
  ];
}

/**
 * The report every export of the detail screen writes: the summary with its changes against the previous
 * period (when the answer has a comparison), the visitors over time, the site's notes on the period, and
 * one table per breakdown.
 */
export function reportFromAnalytics(detail: AnalyticsDetail, options: AnalyticsReportOptions): ExportReport {
  const report: ExportReport = {
    title: options.title ?? 'Analytics report',
    subtitle: `${options.companyName} · ${formatDateRange(detail.range.from, detail.range.to)}`,
    generatedAt: options.generatedAt ?? new Date(),
    filters: [
      ...(options.segment ? [{ label: 'Segment', value: options.segment }] : []),
      ...describeFilters(options.filters ?? {}, options.goals ?? []),
    ],
    range: { from: detail.range.from, to: detail.range.to },
    summary: summaryFigures(detail.summary, detail.comparison, comparisonGap(detail)),
    tables: [timeseriesTable(detail), ...notesTable(detail), ...breakdownTables(detail.breakdowns)],
  };
  if (options.chart) report.chart = options.chart;
  return report;
}
