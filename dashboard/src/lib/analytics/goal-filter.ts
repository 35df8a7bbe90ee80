import type { GoalRow, Interval } from '@footfall/contract';
import { CHART_METRIC_INFO, type ChartMetric } from './chart-metrics';

// What a `goal` filter (docs/api.md "Analytics") means for the screens that show it: the visits kept are those that
// converted, so the time chart's visitors are converting visitors and its title says so.

/**
 * The goals a `goal` filter keeps the conversions of, by name: one goal id, or several joined by `|`; none
 * for "is not" and for an id the answer does not name (the chart then keeps its plain title).
 */
export function convertedGoals(filter: string | undefined, goals: readonly GoalRow[]): string[] {
  if (!filter || !/^\d+(\|\d+)*$/.test(filter)) return [];
  const names = filter.split('|').map((id) => goals.find((goal) => String(goal.goal_id) === id)?.name);
  return names.every((name) => name !== undefined) ? (names as string[]) : [];
}

/**
 * The chart's title and the line under it. With a goal filter only the visits that converted count, so
 * the visitors series is the converting visitors: the title says conversions, the line what is drawn.
 */
export function chartTitle(
  metric: ChartMetric,
  interval: Interval,
  goals: readonly string[],
): { title: string; note?: string } {
  const label = CHART_METRIC_INFO[metric].label;
  if (goals.length === 0) return { title: `${label} per ${interval}` };
  const names = goals.join(' or ');
  if (metric === 'visitors') {
    return { title: `Conversions of ${names}`, note: `Visitors who converted, per ${interval}` };
  }
  return { title: `${label} per ${interval}`, note: `In the visits that converted on ${names}` };
}
