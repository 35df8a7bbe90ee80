import type { PublicStats } from '@footfall/contract';
import { h } from 'preact';
import { formatCount, SPARK_HEIGHT, SPARK_WIDTH, sparklinePoints } from './format';

/** `data-theme`: `light`, `dark`, or `auto` (the default), which follows the visitor's system preference. */
export type Theme = 'light' | 'dark' | 'auto';

export const toTheme = (value: string | null | undefined): Theme =>
  value === 'light' || value === 'dark' ? value : 'auto';

export interface WidgetProps {
  stats: PublicStats;
  theme: Theme;
  /** Where the attribution link points: the Footfall server. */
  home: string;
}

/** The public stats card: 30-day visitors and pageviews, the daily sparkline, who is online, attribution. */
export function Widget({ stats, theme, home }: WidgetProps) {
  const { visitors_30d: visitors, pageviews_30d: pageviews, realtime, sparkline } = stats;
  return (
    <div class={`ff ff-${theme}`} part="widget">
      <div class="row">
        <div>
          <b>{formatCount(visitors)}</b>
          <span>visitors</span>
        </div>
        <div>
          <b>{formatCount(pageviews)}</b>
          <span>pageviews</span>
        </div>
        <svg
          viewBox={`0 0 ${SPARK_WIDTH} ${SPARK_HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label="Visitors per day, last 30 days"
        >
          <polyline points={sparklinePoints(sparkline)} />
        </svg>
      </div>
      <div class="row foot">
        <span>Last 30 days</span>
        {realtime > 0 && (
          <span>
            <i />
            {formatCount(realtime)} online now
          </span>
        )}
        <a href={home} target="_blank" rel="noopener">
          Footfall
        </a>
      </div>
    </div>
  );
}
