import type { Interval, TimeseriesPoint } from '@footfall/contract';
import { Group } from '@visx/group';
import { useMemo } from 'react';
import { BucketAxis, ValueGrid } from './axes';
import { chartClass, EmptyNote, SVG_NAMESPACE } from './chart-svg';
import { ChartTooltip, LiveRegion } from './chart-tooltip';
import { type ChartNote, type NoteMark, noteMarks, notesAt } from './note-layout';
import { NoteMarks } from './note-marks';
import { timeChartSummary } from './summary';
import { useSvgId } from './svg-id';
import { type TimeChartMetric, type TimeLayout, timeLayout } from './time-layout';
import { AreaGradient, Crosshair, TimeSeriesMarks } from './time-marks';
import { timeTooltipContent } from './time-tooltip';
import { tooltipText } from './tooltip-content';
import { type ChartInteraction, type HighlightSource, useChartInteraction } from './use-chart-interaction';
import { useChartWidth } from './use-chart-width';

export interface TimeChartProps {
  /** The current period's buckets, oldest first, as the analytics answer's `timeseries` gives them. */
  points: readonly TimeseriesPoint[];
  /** The bucket size of `points`: it decides how dates are labelled. */
  interval: Interval;
  /** Which count to plot. */
  metric: TimeChartMetric;
  /**
   * The previous period's buckets, drawn as a dashed line and aligned with `points` by index (its first
   * bucket under their first); buckets beyond the length of `points` are left out.
   */
  comparison?: readonly TimeseriesPoint[] | undefined;
  /**
   * The site's first day with data, when the previous period began before it: the dashed line starts
   * there, the tooltip says "no data yet" before it, and the label gives no change.
   */
  comparisonFirstDay?: string | undefined;
  /**
   * The date of the latest bucket that has begun, in the buckets' own format: the line stops there, since
   * the hours or days after it have not happened yet (they are not zeros). Without it every bucket is drawn.
   */
  through?: string | undefined;
  /** The chart's height in pixels, axes included. Defaults to 300. */
  height?: number | undefined;
  /**
   * A fixed width in pixels. Without it the chart fills its container's width and follows it as it
   * resizes; with it nothing is measured (server rendering, tests, the PDF export).
   */
  width?: number | undefined;
  /** The locale of numbers and dates; the formatters' default (en-US) otherwise. */
  locale?: string | undefined;
  /** The site's notes on the period (annotations): marked where they happened, told in the tooltip. */
  notes?: readonly ChartNote[] | undefined;
  /** What a click (or Enter) on a bucket opens; without it the buckets are not clickable. */
  selection?: BucketSelection | undefined;
  className?: string | undefined;
}

/** A chart's buckets as links to a finer view of each (a day by the hour, a week by the day). */
export interface BucketSelection {
  /** What selecting the bucket at `index` shows (`Show Thu, Mar 5, 2026`); undefined when it opens nothing. */
  labelOf: (index: number) => string | undefined;
  select: (index: number) => void;
}

const DEFAULT_HEIGHT = 300;

/** The analytics overview's chart of visitors, visits or pageviews per bucket, with the previous period. */
export function TimeChart(props: TimeChartProps) {
  const height = props.height ?? DEFAULT_HEIGHT;
  const { ref, width } = useChartWidth(props.width);
  return (
    <div ref={ref} className={chartClass('ff-chart', props.className)} style={{ height }}>
      {width > 0 ? <TimeChartPlot {...props} width={width} height={height} /> : null}
    </div>
  );
}

type PlotProps = TimeChartProps & { width: number; height: number };

function TimeChartPlot(props: PlotProps) {
  const { points, comparison, comparisonFirstDay, metric, interval, through, locale, width, height } = props;
  // What both the layout and the tooltip read: the series, how they are counted and written.
  const series = useMemo(
    () => ({ points, comparison, comparisonFirstDay, metric, interval, through, locale }),
    [points, comparison, comparisonFirstDay, metric, interval, through, locale],
  );
  const layout = useMemo(() => timeLayout({ ...series, width, height }), [series, width, height]);
  const marks = useMemo(() => noteMarks(points, props.notes ?? []), [points, props.notes]);
  const { selection } = props;
  const select = selection
    ? (index: number) => {
        if (selection.labelOf(index) !== undefined) selection.select(index);
      }
    : undefined;
  const interaction = useChartInteraction(points.length, layout.indexAt, select);
  const { active } = interaction;
  const hint = active === null ? undefined : selection?.labelOf(active);
  const tooltip =
    active === null
      ? undefined
      : timeTooltipContent({ ...series, index: active, notes: notesAt(marks, active) });
  const content =
    tooltip && hint ? { ...tooltip, hint: `${HINT_VERBS[interaction.source]} ${lowerFirst(hint)}` } : tooltip;
  return (
    <>
      <TimeChartSvg {...props} layout={layout} marks={marks} interaction={interaction} />
      {content && active !== null ? (
        <ChartTooltip
          content={content}
          x={layout.frame.margin.left + layout.xOf(active)}
          width={width}
          top={layout.frame.margin.top}
        />
      ) : null}
      <LiveRegion text={content && interaction.source === 'keyboard' ? tooltipText(content) : ''} />
    </>
  );
}

/** How the reader selects the highlighted bucket, by what moved the highlight there. */
const HINT_VERBS: Record<HighlightSource, string> = {
  pointer: 'Click to',
  touch: 'Tap again to',
  keyboard: 'Enter to',
};

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function TimeChartSvg(
  props: PlotProps & { layout: TimeLayout; marks: readonly NoteMark[]; interaction: ChartInteraction },
) {
  const { layout, marks, interaction, width, height } = props;
  const { frame } = layout;
  const gradientId = useSvgId('ff-area');
  return (
    <svg
      xmlns={SVG_NAMESPACE}
      width={width}
      height={height}
      role="img"
      aria-label={timeChartSummary(props)}
      data-chart="timeseries"
      data-selectable={props.selection ? 'true' : undefined}
      className="ff-chart-svg"
      {...interaction.svgProps}
    >
      <defs>
        <AreaGradient id={gradientId} />
      </defs>
      <Group left={frame.margin.left} top={frame.margin.top}>
        <ValueGrid frame={frame} />
        {marks.length > 0 ? <NoteMarks layout={layout} marks={marks} /> : null}
        <TimeSeriesMarks layout={layout} gradientId={gradientId} interval={props.interval} />
        <BucketAxis ticks={layout.ticks} frame={frame} />
        {props.points.length === 0 ? <EmptyNote frame={frame} /> : null}
        {interaction.active === null ? null : <Crosshair layout={layout} index={interaction.active} />}
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
