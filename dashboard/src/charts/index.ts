/**
 * The dashboard's charts: `TimeChart` (visitors, visits or pageviews per bucket against the previous
 * period), `BarChart` (API calls per day, stacked by endpoint, against a quota line), `FunnelChart` (a
 * funnel's steps and what each lost) and `Sparkline` (a summary card's trend), with their prop types
 * and the helper that turns the API-usage answer into bar series.
 *
 * This module is the charts chunk. Screens load it with a dynamic `import()` through `chunkLoader` (a
 * failed load shows "Loading chunk failed" with a retry) and never import it statically; `import type`
 * is fine, as it leaves nothing behind. So visx, d3-shape and this folder stay out of the main bundle
 * and out of screens without a chart. Nothing outside this folder imports visx. The stylesheets travel
 * with the chunk, so a chart never paints unstyled.
 */
import './charts.css';
import './chart-overlays.css';

export { BarChart, type BarChartProps, type BarReference } from './bar-chart';
export { FunnelChart, type FunnelChartProps } from './funnel-chart';
export { Sparkline, type SparklineProps } from './sparkline';
export { type BarSeries, usageSeries } from './stack';
export { TimeChart, type TimeChartProps } from './time-chart';
export type { TimeChartMetric } from './time-layout';
