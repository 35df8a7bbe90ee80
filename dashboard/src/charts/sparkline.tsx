import { curveMonotoneX } from '@visx/curve';
import { Area, LinePath } from '@visx/shape';
import { useMemo } from 'react';
import { chartClass, SVG_NAMESPACE } from './chart-svg';
import { linearScale } from './scales';
import { sparklineSummary } from './summary';
import { useSvgId } from './svg-id';
import type { PlotPoint } from './time-layout';
import { AreaGradient } from './time-marks';
import { useChartWidth } from './use-chart-width';

export interface SparklineProps {
  /** The values, oldest first, evenly spaced. */
  values: readonly number[];
  /** What the line shows, read out with its summary: `Visitors, last 30 days`. */
  label: string;
  /** Defaults to 32 pixels. */
  height?: number | undefined;
  /** A fixed width in pixels; without it the line fills its container's width. */
  width?: number | undefined;
  locale?: string | undefined;
  className?: string | undefined;
}

const DEFAULT_HEIGHT = 32;
/** Room above and below the line for its stroke and the end dot. */
const PADDING = 4;

/**
 * The points of a sparkline in a `width` × `height` box, from 0 at the bottom to the largest value (at
 * least 1) at the top; a lone value is drawn flat across the box.
 */
export function sparklinePoints(values: readonly number[], width: number, height: number): PlotPoint[] {
  const max = Math.max(1, ...values.filter(Number.isFinite));
  const y = linearScale([0, max], [height - PADDING, PADDING]);
  const x = linearScale([0, Math.max(values.length - 1, 1)], [PADDING, width - PADDING]);
  const level = (value: number) => y(Number.isFinite(value) ? Math.max(value, 0) : 0);
  if (values.length === 1) {
    const only = level(values[0] ?? 0);
    return [
      [PADDING, only],
      [width - PADDING, only],
    ];
  }
  return values.map((value, index) => [x(index), level(value)]);
}

const pointX = (point: PlotPoint) => point[0];
const pointY = (point: PlotPoint) => point[1];

/** A summary card's trend line: no axes, no tooltip, the latest value marked. */
export function Sparkline(props: SparklineProps) {
  const height = props.height ?? DEFAULT_HEIGHT;
  const { ref, width } = useChartWidth(props.width);
  return (
    <div ref={ref} className={chartClass('ff-chart ff-sparkline', props.className)} style={{ height }}>
      {width > 0 ? <SparklineSvg {...props} width={width} height={height} /> : null}
    </div>
  );
}

function SparklineSvg(props: SparklineProps & { width: number; height: number }) {
  const { values, width, height } = props;
  const points = useMemo(() => sparklinePoints(values, width, height), [values, width, height]);
  const gradientId = useSvgId('ff-spark');
  const last = points[points.length - 1];
  return (
    <svg
      xmlns={SVG_NAMESPACE}
      width={width}
      height={height}
      role="img"
      aria-label={sparklineSummary(props.label, values, props.locale)}
      data-chart="sparkline"
      className="ff-chart-svg"
    >
      <defs>
        <AreaGradient id={gradientId} />
      </defs>
      {values.length > 0 ? (
        <>
          <Area
            data={points}
            x={pointX}
            y0={height}
            y1={pointY}
            curve={curveMonotoneX}
            fill={`url(#${gradientId})`}
          />
          <LinePath
            className="ff-chart-line ff-sparkline-line"
            data={points}
            x={pointX}
            y={pointY}
            curve={curveMonotoneX}
          />
          {last ? <circle className="ff-chart-dot" cx={last[0]} cy={last[1]} r={3} /> : null}
        </>
      ) : null}
    </svg>
  );
}
