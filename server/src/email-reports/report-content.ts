import type { BreakdownRow } from '@footfall/contract';
import {
  type Change,
  countryName,
  formatChange,
  formatCompact,
  formatConversionRate,
  formatDateRange,
  formatDuration,
  formatMonth,
  formatNumber,
  formatPercent,
  formatSummaryChange,
} from '@footfall/contract/format';
import type { ReportFigures } from './report-figures';
import type { ReportPeriod } from './report-period';

/** Whether a change is good news, bad news or neither (a lower bounce rate is good). */
export type Tone = 'good' | 'bad' | 'flat';

export interface ReportMetric {
  label: string;
  value: string;
  change: string;
  tone: Tone;
}

export interface ReportList {
  title: string;
  rows: { label: string; visitors: number; share: number }[];
}

export interface ReportGoalLine {
  name: string;
  visitors: string;
  rate: string;
  change: string;
  tone: Tone;
}

/** Where a report's links go. */
export interface ReportLinks {
  dashboard: string;
  settings: string;
  unsubscribe: string;
}

/** What a report says, in words and figures, before it is written as HTML and as plain text. */
export interface ReportContent {
  subject: string;
  heading: string;
  siteName: string;
  period: string;
  comparedWith: string;
  kindWord: 'weekly' | 'monthly';
  metrics: ReportMetric[];
  lists: ReportList[];
  goals: ReportGoalLine[];
  links: ReportLinks;
}

/** The mail's word for a change that is neither good nor bad news. */
function toneOf(change: Change): Tone {
  return change.tone === 'neutral' ? 'flat' : change.tone;
}

type HeadlineKey = 'visitors' | 'visits' | 'pageviews' | 'bounce_rate' | 'visit_duration';

const HEADLINES: { key: HeadlineKey; label: string; format: (value: number) => string }[] = [
  { key: 'visitors', label: 'Visitors', format: (value) => formatNumber(value) },
  { key: 'visits', label: 'Visits', format: (value) => formatNumber(value) },
  { key: 'pageviews', label: 'Pageviews', format: (value) => formatNumber(value) },
  { key: 'bounce_rate', label: 'Bounce rate', format: (value) => formatPercent(value) },
  { key: 'visit_duration', label: 'Visit duration', format: (value) => formatDuration(value) },
];

/** A headline figure as the dashboard's card writes it, with its change (in points for the bounce rate). */
function metric(figures: ReportFigures, { key, label, format }: (typeof HEADLINES)[number]): ReportMetric {
  const change = formatSummaryChange(key, figures.current, figures.previous);
  return { label, value: format(figures.current[key]), change: change.text, tone: toneOf(change) };
}

/** `Nov 15 – 21, 2026` for a week, `November 2026` for a month. */
function periodLabel(kind: ReportPeriod['kind'], days: { from: string; to: string }): string {
  return kind === 'monthly' ? formatMonth(days.from) : formatDateRange(days.from, days.to);
}

function list(
  title: string,
  rows: BreakdownRow[],
  label: (value: string) => string = (value) => value,
): ReportList {
  const top = Math.max(1, ...rows.map((row) => row.visitors));
  return {
    title,
    rows: rows.map((row) => ({ label: label(row.value), visitors: row.visitors, share: row.visitors / top })),
  };
}

/** The subject: `Weekly report for example.com: 1.2k visitors (+12%)`. */
export function reportSubject(figures: ReportFigures): string {
  const kind = figures.period.kind === 'weekly' ? 'Weekly' : 'Monthly';
  const visitors = figures.current.visitors;
  const before = figures.previous.visitors;
  const noun = visitors === 1 ? 'visitor' : 'visitors';
  const suffix = before === 0 ? '' : ` (${formatChange(visitors, before).text})`;
  return `${kind} report for ${figures.siteName}: ${formatCompact(visitors)} ${noun}${suffix}`;
}

export function reportContent(figures: ReportFigures, links: ReportLinks): ReportContent {
  const { period } = figures;
  return {
    subject: reportSubject(figures),
    heading: `${period.kind === 'weekly' ? 'Weekly' : 'Monthly'} report`,
    siteName: figures.siteName,
    period: periodLabel(period.kind, period),
    comparedWith: periodLabel(period.kind, period.previous),
    kindWord: period.kind,
    metrics: HEADLINES.map((headline) => metric(figures, headline)),
    lists: [
      list('Top pages', figures.pages),
      list('Top sources', figures.sources),
      list('Top countries', figures.countries, countryName),
    ],
    goals: figures.goals.map((goal) => {
      const change = formatChange(goal.visitors, goal.previousVisitors);
      return {
        name: goal.name,
        visitors: formatNumber(goal.visitors),
        rate: formatConversionRate(goal.conversionRate),
        change: change.text,
        tone: toneOf(change),
      };
    }),
    links,
  };
}
