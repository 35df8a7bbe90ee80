import { type BucketTick, type Frame, VALUE_LABEL_GAP } from './frame';
import { AXIS_FONT_SIZE } from './scales';

/** Half a pixel puts a 1 px line on the pixel grid instead of smearing it over two. */
export function crisp(value: number): number {
  return Math.round(value) + 0.5;
}

/** Horizontal grid lines with their value labels in the left margin; the zero line is the baseline. */
export function ValueGrid({ frame }: { frame: Frame }) {
  return (
    <g className="ff-chart-grid">
      {frame.y.ticks.map((tick) => {
        const y = crisp(frame.y.scale(tick.value));
        return (
          <g key={tick.value}>
            <line
              className={tick.value === 0 ? 'ff-chart-baseline' : 'ff-chart-gridline'}
              x1={0}
              x2={frame.innerWidth}
              y1={y}
              y2={y}
            />
            <text className="ff-chart-tick" x={-VALUE_LABEL_GAP} y={y} dy="0.32em" textAnchor="end">
              {tick.label}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** The bucket labels under the plot. */
export function BucketAxis({ ticks, frame }: { ticks: readonly BucketTick[]; frame: Frame }) {
  const y = frame.innerHeight + AXIS_FONT_SIZE + 6;
  return (
    <g className="ff-chart-axis">
      {ticks.map((tick) => (
        <text key={tick.index} className="ff-chart-tick" x={tick.x} y={y} textAnchor={tick.anchor}>
          {tick.label}
        </text>
      ))}
    </g>
  );
}
