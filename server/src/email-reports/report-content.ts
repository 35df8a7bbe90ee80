import type { BreakdownRow } from '@footfall/contract';
import type { ReportFigures } from './report-figures';
import {
  changeLabel,
  compactNumber,
  countryName,
  duration,
  percentChange,
  periodLabel,
  wholeNumber,
} from './report-format';

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

function tone(change: number | null, lowerIsBetter = false): Tone {
  if (change === null || change === 0) return 'flat';
  return change > 0 !== lowerIsBetter ? 'good' : 'bad';
}

function metric(
  label: string,
  value: string,
  now: number,
  before: number,
  lowerIsBetter = false,
): ReportMetric {
  const change = percentChange(now, before);
  return { label, value, change: changeLabel(change, now), tone: tone(change, lowerIsBetter) };
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
  const change = percentChange(visitors, figures.previous.visitors);
  const noun = visitors === 1 ? 'visitor' : 'visitors';
  const suffix = change === null ? '' : ` (${changeLabel(change, visitors)})`;
  return `${kind} report for ${figures.siteName}: ${compactNumber(visitors)} ${noun}${suffix}`;
}

export function reportContent(figures: ReportFigures, links: ReportLinks): ReportContent {
  const { current: now, previous: before, period } = figures;
  // Bounce rate is already a percentage: its change is told in points, not in percent of itself.
  const bouncePoints = now.bounce_rate - before.bounce_rate;
  const hadVisits = before.visits > 0;
  return {
    subject: reportSubject(figures),
    heading: `${period.kind === 'weekly' ? 'Weekly' : 'Monthly'} report`,
    siteName: figures.siteName,
    period: periodLabel(period),
    comparedWith: periodLabel({ kind: period.kind, ...period.previous }),
    kindWord: period.kind,
    metrics: [
      metric('Visitors', wholeNumber(now.visitors), now.visitors, before.visitors),
      metric('Visits', wholeNumber(now.visits), now.visits, before.visits),
      metric('Pageviews', wholeNumber(now.pageviews), now.pageviews, before.pageviews),
      {
        label: 'Bounce rate',
        value: `${now.bounce_rate}%`,
        change: hadVisits ? changeLabel(bouncePoints, now.visits, 'points') : changeLabel(null, now.visits),
        tone: hadVisits ? tone(bouncePoints, true) : 'flat',
      },
      metric('Visit duration', duration(now.visit_duration), now.visit_duration, before.visit_duration),
    ],
    lists: [
      list('Top pages', figures.pages),
      list('Top sources', figures.sources),
      list('Top countries', figures.countries, countryName),
    ],
    goals: figures.goals.map((goal) => {
      const change = percentChange(goal.visitors, goal.previousVisitors);
      return {
        name: goal.name,
        visitors: wholeNumber(goal.visitors),
        rate: `${goal.conversionRate}%`,
        change: changeLabel(change, goal.visitors),
        tone: tone(change),
      };
    }),
    links,
  };
}
