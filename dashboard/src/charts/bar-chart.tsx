import type { BucketInterval } from '@footfall/contract/format';
import { Group } from '@visx/group';
import { useMemo } from 'react';
import { BucketAxis, ValueGrid } from './axes';
import { type BarLayout, barLayout, fitsReference, seriesColor } from './bar-layout';
import { BarStacks, ColumnHighlight, ReferenceLine, ReferenceNote } from './bar-marks';
import { barTooltipContent } from './bar-tooltip';
import { chartClass, EmptyNote, SVG_NAMESPACE } from './chart-svg';
import { ChartTooltip, LiveRegion } from './chart-tooltip';
import { type BarSeries, stackSeries } from './stack';
import { barChartSummary } from './summary';
import { tooltipText } from './tooltip-content';
import { type ChartInteraction, useChartInteraction } from './use-chart-interaction';
import { useChartWidth } from './use-chart-width';

/** A horizontal line across the bars for scale, such as the daily share of the monthly API quota. */
export interface BarReference {
  value: number;
  /** Its name, written beside the line and in the tooltip: `Daily share of quota`. */
  label: string;
}

export interface BarChartProps {
  /** The dates along the bottom, `YYYY-MM-DD`, oldest first: every day of the range, days without calls too. */
  dates: readonly string[];
  /**
   * The bars' series, stacked bottom-up in this order, each with one count per date. One series draws
   * plain bars; several (one per endpoint) are stacked and named in a legend. `usageSeries` builds them
   * from the API-usage answer.
   */
  series: readonly BarSeries[];
  /** The bucket size of `dates`. Defaults to `day`. */
  interval?: BucketInterval | undefined;
  reference?: BarReference | undefined;
  /** What the bars count, capitalised, for the chart's label and tooltip. Defaults to `API calls`. */
  countLabel?: string | undefined;
  /** The plot's height in pixels, axes included; the legend adds to it. Defaults to 260. */
  height?: number | undefined;
  /** A fixed width in pixels; without it the chart fills its container's width and follows it. */
  width?: number | undefined;
  locale?: string | undefined;
  className?: string | undefined;
}

const DEFAULT_HEIGHT = 260;

/** The API-count report's chart: calls per day, stacked by endpoint, against an optional quota line. */
export function BarChart(props: BarChartProps) {
  const height = props.height ?? DEFAULT_HEIGHT;
  const { ref, width } = useChartWidth(props.width);
  const { reference, series, dates } = props;
  const tallest = useMemo(() => Math.max(0, ...stackSeries(series, dates.length).totals), [series, dates]);
  return (
    <div ref={ref} className={chartClass('ff-chart', props.className)}>
      <div className="ff-chart-plot" style={{ height }}>
        {width > 0 ? <BarChartPlot {...props} width={width} height={height} /> : null}
      </div>
      {series.length > 1 ? <Legend series={series} /> : null}
      {reference && !fitsReference(tallest, reference.value) ? (
        <ReferenceNote {...reference} tallest={tallest} locale={props.locale} />
      ) : null}
    </div>
  );
}

type PlotProps = BarChartProps & { width: number; height: number };

function BarChartPlot(props: PlotProps) {
  const { dates, series, reference, locale, width, height } = props;
  const interval = props.interval ?? 'day';
  const layout = useMemo(
    () => barLayout({ dates, series, reference: reference?.value, interval, width, height, locale }),
    [dates, series, reference?.value, interval, width, height, locale],
  );
  const interaction = useChartInteraction(dates.length, layout.indexAt);
  const { active } = interaction;
  const countLabel = props.countLabel ?? 'API calls';
  const content =
    active === null
      ? undefined
      : barTooltipContent({ ...props, stacks: layout.stacks, countLabel, interval, index: active });
  return (
    <>
      <BarChartSvg {...props} layout={layout} interaction={interaction} />
      {content && active !== null ? (
        <ChartTooltip
          content={content}
          x={layout.frame.margin.left + (active + 0.5) * layout.step}
          width={width}
          top={layout.frame.margin.top}
        />
      ) : null}
      <LiveRegion text={content && interaction.source === 'keyboard' ? tooltipText(content) : ''} />
    </>
  );
}

function BarChartSvg(props: PlotProps & { layout: BarLayout; interaction: ChartInteraction }) {
  const { layout, interaction, reference, width, height } = props;
  const { frame } = layout;
  const interval = props.interval ?? 'day';
  const countLabel = props.countLabel ?? 'API calls';
  const label = barChartSummary({ ...props, totals: layout.stacks.totals, countLabel, interval });
  const isEmpty = layout.stacks.totals.every((total) => total === 0);
  return (
    <svg
      xmlns={SVG_NAMESPACE}
      width={width}
      height={height}
      role="img"
      aria-label={label}
      data-chart="api-usage"
      className="ff-chart-svg"
      {...interaction.svgProps}
    >
      <Group left={frame.margin.left} top={frame.margin.top}>
        {interaction.active === null ? null : <ColumnHighlight layout={layout} index={interaction.active} />}
        <ValueGrid frame={frame} />
        <BarStacks layout={layout} />
        <BucketAxis ticks={layout.ticks} frame={frame} />
        {reference ? <ReferenceLine layout={layout} {...reference} locale={props.locale} /> : null}
        {isEmpty ? <EmptyNote frame={frame} text={`No ${inSentence(countLabel)} in this range`} /> : null}
        <rect
          className="ff-chart-overlay"
          width={frame.innerWidth}
          height={frame.innerHeight}
          {...interaction.overlayProps}
        />
      </Group>
    </svg>
  );
}

/** The series' names and colours, under the plot, when the bars are stacked. */
function Legend({ series }: { series: readonly BarSeries[] }) {
  return (
    <ul className="ff-chart-legend">
      {series.map((one, index) => (
        <li key={one.name}>
          <span className="ff-chart-swatch" style={{ color: `var(${seriesColor(index)})` }} />
          {one.name}
        </li>
      ))}
    </ul>
  );
}

/** A label inside a sentence: "Bots filtered" → "bots filtered"; an acronym such as "API calls" stays. */
export function inSentence(label: string): string {
  return /^[A-Z][a-z]/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
}
