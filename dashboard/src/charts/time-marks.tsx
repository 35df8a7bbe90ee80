import type { Interval } from '@footfall/contract';
import { curveLinear, curveMonotoneX } from '@visx/curve';
import { Area, LinePath } from '@visx/shape';
import { crisp } from './axes';
import type { LinePoint, TimeLayout } from './time-layout';

const pointX = (point: LinePoint) => point?.[0] ?? 0;
const pointY = (point: LinePoint) => point?.[1] ?? 0;
/** A bucket without a value (a ratio without visits) breaks the line rather than dropping it to zero. */
const hasPoint = (point: LinePoint) => point !== null;

/**
 * The current period as a line over a fading area, and the previous period as a dashed line behind it.
 * Hours and days are joined by monotone curves, which never swing below zero or past a peak between two
 * buckets (a smoother curve would, inventing values that were never counted). Weeks and months are few
 * and far apart, where even a monotone bend suggests a shape inside the bucket: they get straight lines.
 */
export function TimeSeriesMarks({
  layout,
  gradientId,
  interval,
}: {
  layout: TimeLayout;
  gradientId: string;
  interval: Interval;
}) {
  const { frame, line, previousLine } = layout;
  const curve = interval === 'week' || interval === 'month' ? curveLinear : curveMonotoneX;
  const path = { x: pointX, y: pointY, defined: hasPoint, curve };
  return (
    <g>
      <Area
        className="ff-chart-area"
        data={line}
        x={pointX}
        y0={frame.innerHeight}
        y1={pointY}
        defined={hasPoint}
        curve={curve}
        fill={`url(#${gradientId})`}
      />
      {previousLine.length > 1 ? (
        <LinePath className="ff-chart-line-compare" data={previousLine} {...path} />
      ) : null}
      <LinePath className="ff-chart-line" data={line} {...path} />
      {dots(layout).map(([x, y]) => (
        <circle key={x} className="ff-chart-dot" cx={x} cy={y} r={4} />
      ))}
    </g>
  );
}

/** The vertical line through the highlighted bucket, with a dot on each series there. */
export function Crosshair({ layout, index }: { layout: TimeLayout; index: number }) {
  const { frame, values, previous } = layout;
  const x = layout.xOf(index);
  const value = values[index];
  const previousValue = previous[index];
  return (
    <g className="ff-chart-crosshair" pointerEvents="none">
      <line className="ff-chart-crosshair-line" x1={crisp(x)} x2={crisp(x)} y1={0} y2={frame.innerHeight} />
      {previousValue === undefined || previousValue === null ? null : (
        <circle className="ff-chart-dot-compare" cx={x} cy={frame.y.scale(previousValue)} r={3.5} />
      )}
      {value === undefined || value === null ? null : (
        <circle className="ff-chart-dot" cx={x} cy={frame.y.scale(value)} r={4.5} />
      )}
    </g>
  );
}

/** The area's fill: the series colour fading towards the baseline, its strength set in the stylesheet. */
export function AreaGradient({ id }: { id: string }) {
  return (
    <linearGradient id={id} x1="0" y1="0" x2="0" y2="1">
      <stop offset="0%" className="ff-chart-area-top" />
      <stop offset="100%" className="ff-chart-area-bottom" />
    </linearGradient>
  );
}

/**
 * Values a line cannot show: a lone bucket (drawn as a flat line, its value marked in the middle), and a
 * bucket with a value between gaps or alone before the present.
 */
function dots(layout: TimeLayout): (readonly [number, number])[] {
  const { line, values } = layout;
  const only = values[0];
  if (line.length === 2 && values.length === 1 && only !== null && only !== undefined) {
    return [[layout.xOf(0), layout.frame.y.scale(only)]];
  }
  return line.flatMap((point, index) => (point && !line[index - 1] && !line[index + 1] ? [point] : []));
}
