import { formatCompact } from '@footfall/contract/format';
import { Bar, BarRounded } from '@visx/shape';
import { crisp } from './axes';
import { type BarLayout, seriesColor } from './bar-layout';

/** Rounding on the top of each bar only: the bottom stands on the baseline. */
const BAR_RADIUS = 3;

/** The stacked bars, each series in its palette colour. */
export function BarStacks({ layout }: { layout: BarLayout }) {
  const { frame, stacks, barWidth } = layout;
  const y = frame.y.scale;
  const radius = Math.min(BAR_RADIUS, barWidth / 2);
  return (
    <g className="ff-chart-bars">
      {stacks.segments.map((pieces, index) =>
        pieces.map((piece, position) => {
          const bottom = y(piece.start);
          // A day with a handful of calls under a large scale still shows as a sliver, not as nothing.
          const height = Math.max(bottom - y(piece.end), 1);
          const shape = {
            className: 'ff-chart-bar',
            x: layout.barX(index),
            y: bottom - height,
            width: barWidth,
            height,
            style: { fill: `var(${seriesColor(piece.series)})` },
          };
          const key = `${index}-${piece.series}`;
          return position === pieces.length - 1 ? (
            <BarRounded key={key} {...shape} radius={radius} top />
          ) : (
            <Bar key={key} {...shape} />
          );
        }),
      )}
    </g>
  );
}

/** The band behind the highlighted date's bar. */
export function ColumnHighlight({ layout, index }: { layout: BarLayout; index: number }) {
  return (
    <rect
      className="ff-chart-column"
      x={index * layout.step}
      y={0}
      width={layout.step}
      height={layout.frame.innerHeight}
      pointerEvents="none"
    />
  );
}

/** A dashed line across the plot at `value`, named at its right end. */
export function ReferenceLine({
  layout,
  value,
  label,
  locale,
}: {
  layout: BarLayout;
  value: number;
  label: string;
  locale?: string | undefined;
}) {
  const text = `${label} · ${formatCompact(value, locale)}`;
  // Far above the bars, it is not drawn (the bars keep their height): ReferenceNote says so under the plot,
  // where no words run over the tallest bar.
  if (!layout.referenceInView) return null;
  const y = crisp(layout.frame.y.scale(value));
  return (
    <g className="ff-chart-reference" pointerEvents="none">
      <line className="ff-chart-reference-line" x1={0} x2={layout.frame.innerWidth} y1={y} y2={y} />
      <text className="ff-chart-reference-label" x={layout.frame.innerWidth} y={y - 6} textAnchor="end">
        {text}
      </text>
    </g>
  );
}

/**
 * The line of a reference too far above the bars to draw, as a sentence under the plot: "Daily share of
 * quota: 32 a day, more than twice the busiest day (3), so it is not drawn".
 */
export function ReferenceNote({
  value,
  label,
  tallest,
  locale,
}: {
  value: number;
  label: string;
  tallest: number;
  locale?: string | undefined;
}) {
  return (
    <p className="ff-chart-reference-note">
      {`${label}: ${formatCompact(value, locale)} a day, more than twice the busiest day (${formatCompact(tallest, locale)}), so it is not drawn`}
    </p>
  );
}
