import { formatNumber, formatPercent } from '@footfall/contract/format';
import { Group } from '@visx/group';
import { Bar } from '@visx/shape';
import { useMemo } from 'react';
import { chartClass, SVG_NAMESPACE } from './chart-svg';
import {
  FUNNEL_FONT_SIZE,
  type FunnelLayout,
  type FunnelStepInput,
  funnelHeight,
  funnelLayout,
} from './funnel-layout';
import { useChartWidth } from './use-chart-width';

export interface FunnelChartProps {
  /** The report's steps, in the funnel's order. */
  steps: readonly FunnelStepInput[];
  /** A fixed width in pixels; without it the chart fills its container's width and follows it. */
  width?: number | undefined;
  locale?: string | undefined;
  className?: string | undefined;
}

/**
 * A funnel's report as bars, one row per step: each as long as the visitors who reached it, the visitors
 * lost since the step before in a lighter segment after it, and every step's share of the first.
 */
export function FunnelChart(props: FunnelChartProps) {
  const height = funnelHeight(props.steps.length);
  const { ref, width } = useChartWidth(props.width);
  return (
    <div ref={ref} className={chartClass('ff-chart ff-funnel', props.className)} style={{ height }}>
      {width > 0 ? <FunnelSvg {...props} width={width} /> : null}
    </div>
  );
}

function FunnelSvg({ steps, width, locale }: FunnelChartProps & { width: number }) {
  const layout = useMemo(() => funnelLayout(steps, width, locale), [steps, width, locale]);
  return (
    <svg
      xmlns={SVG_NAMESPACE}
      width={width}
      height={layout.height}
      role="img"
      aria-label={funnelSummary(steps, locale)}
      data-chart="funnel"
      className="ff-chart-svg"
    >
      <Rows layout={layout} />
    </svg>
  );
}

function Rows({ layout }: { layout: FunnelLayout }) {
  return (
    <Group>
      {layout.rows.map((row) => (
        <g key={row.index} className="ff-funnel-step">
          {/* A name cut to fit is whole in the row's tooltip. */}
          {row.label !== row.name ? <title>{row.name}</title> : null}
          <text className="ff-funnel-name" x={0} y={row.textY} fontSize={FUNNEL_FONT_SIZE}>
            {row.label}
          </text>
          <text
            className="ff-funnel-value"
            x={layout.width}
            y={row.textY}
            fontSize={FUNNEL_FONT_SIZE}
            textAnchor="end"
          >
            {row.value}
          </text>
          {row.dropoff ? (
            <>
              <Bar
                className="ff-funnel-dropoff"
                x={row.dropoff.x}
                y={row.barY}
                width={row.dropoff.width}
                height={layout.barHeight}
              />
              {row.dropoff.label ? (
                <text
                  className="ff-funnel-dropoff-label"
                  x={row.dropoff.x + row.dropoff.width / 2}
                  y={row.barY + layout.barHeight / 2}
                  fontSize={FUNNEL_FONT_SIZE - 1}
                  textAnchor="middle"
                  dominantBaseline="central"
                >
                  {row.dropoff.label}
                </text>
              ) : null}
            </>
          ) : null}
          {row.barWidth > 0 ? (
            <Bar
              className="ff-funnel-bar"
              x={0}
              y={row.barY}
              width={row.barWidth}
              height={layout.barHeight}
              rx={4}
            />
          ) : null}
        </g>
      ))}
    </Group>
  );
}

/** "Funnel of 3 steps: 1. Pricing 20 visitors (100.0%); 2. Signup 8 (40.0%), 12 dropped off; …". */
export function funnelSummary(steps: readonly FunnelStepInput[], locale?: string): string {
  const first = steps[0]?.visitors ?? 0;
  if (first === 0 && steps.every((step) => step.visitors === 0)) {
    return `Funnel of ${steps.length} steps: no visitor entered it in this period`;
  }
  const parts = steps.map((step, index) => {
    const share = first > 0 ? formatPercent((step.visitors / first) * 100, { decimals: 1 }, locale) : '—';
    const lost = index > 0 ? `, ${formatNumber(step.dropoff, locale)} dropped off` : '';
    const who = step.visitors === 1 ? 'visitor' : 'visitors';
    return `${index + 1}. ${step.name}: ${formatNumber(step.visitors, locale)} ${who} (${share})${lost}`;
  });
  return `Funnel of ${steps.length} steps: ${parts.join('; ')}`;
}
