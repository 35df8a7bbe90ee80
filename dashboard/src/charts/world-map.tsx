import { countryName, formatNumber } from '@footfall/contract/format';
import { memo, useMemo } from 'react';

import { chartClass, SVG_NAMESPACE } from './chart-svg';
import { ChartTooltip, LiveRegion } from './chart-tooltip';
import { type MapLayout, mapHeight, mapLayout } from './map-layout';
import { MapLegend } from './map-legend';
import { type MapDomain, mapDomain, shadeOf } from './map-scale';
import { type MapRow, rankedRows, worldMapSummary } from './map-summary';
import { type TooltipContent, tooltipText } from './tooltip-content';
import { useChartWidth } from './use-chart-width';
import { type MapHighlight, useMapInteraction } from './use-map-interaction';

export interface WorldMapProps {
  /** Visitors per country, by ISO 3166-1 alpha-2 code (`DE`); codes the map cannot draw are left out of it. */
  rows: readonly MapRow[];
  /** Called with the code of a country with visitors when it is clicked, or chosen with Enter or Space. */
  onSelect?: ((code: string) => void) | undefined;
  /** A fixed width in pixels; without it the map fills its container's width and follows it. */
  width?: number | undefined;
  /** A fixed height for the map itself (the legend adds to it); by default the world's own proportions. */
  height?: number | undefined;
  locale?: string | undefined;
  className?: string | undefined;
}

/** A choropleth of visitors by country: darker shades of the accent colour for more visitors. */
export function WorldMap(props: WorldMapProps) {
  const { ref, width } = useChartWidth(props.width);
  const visitors = useMemo(() => visitorsByCode(props.rows), [props.rows]);
  const domain = useMemo(() => mapDomain(visitors.values()), [visitors]);
  const height = width > 0 ? (props.height ?? mapHeight(width)) : undefined;
  return (
    <div ref={ref} className={chartClass('ff-chart ff-map', props.className)}>
      <div className="ff-chart-plot ff-map-plot" style={height === undefined ? undefined : { height }}>
        {height === undefined ? null : (
          <WorldMapPlot {...props} width={width} height={height} visitors={visitors} domain={domain} />
        )}
      </div>
      <MapLegend domain={domain} locale={props.locale} />
    </div>
  );
}

/** The counts by upper-case code; a code listed twice is counted once, with its larger count. */
function visitorsByCode(rows: readonly MapRow[]): ReadonlyMap<string, number> {
  const byCode = new Map<string, number>();
  for (const row of rows) {
    const code = row.code.toUpperCase();
    byCode.set(code, Math.max(byCode.get(code) ?? 0, row.visitors));
  }
  return byCode;
}

type PlotProps = WorldMapProps & {
  width: number;
  height: number;
  visitors: ReadonlyMap<string, number>;
  domain: MapDomain | undefined;
};

function WorldMapPlot({ rows, width, height, visitors, domain, onSelect, locale }: PlotProps) {
  const layout = useMemo(() => mapLayout(width, height), [width, height]);
  // The keyboard steps through the drawn countries with visitors, most first, as the Countries list ranks them.
  const ranked = useMemo(() => {
    const indexes = new Map(layout.countries.map((country, index) => [country.shape.code, index]));
    return rankedRows([...visitors].map(([code, count]) => ({ code, visitors: count })))
      .map((row) => indexes.get(row.code))
      .filter((index) => index !== undefined);
  }, [layout, visitors]);
  const { active, svgProps } = useMapInteraction(ranked, (index) => {
    const code = layout.countries[index]?.shape.code;
    if (code) onSelect?.(code);
  });
  const highlighted = active === null ? undefined : layout.countries[active.index];
  const content = highlighted ? tooltipContent(highlighted.shape, visitors, locale) : undefined;
  return (
    <>
      <svg
        xmlns={SVG_NAMESPACE}
        width={width}
        height={height}
        role="img"
        aria-label={worldMapSummary(rows, locale)}
        data-chart="world-map"
        data-selectable={onSelect ? 'true' : undefined}
        className="ff-chart-svg ff-map-svg"
        {...svgProps}
      >
        <Countries layout={layout} visitors={visitors} domain={domain} />
        {highlighted ? <path className="ff-map-highlight" d={highlighted.d} /> : null}
      </svg>
      {content && active && highlighted ? (
        <ChartTooltip content={content} {...tooltipPlace(active, highlighted.anchor, content, width)} />
      ) : null}
      <LiveRegion text={content && active?.source === 'keyboard' ? tooltipText(content) : ''} />
    </>
  );
}

/** Every country's path, shaded by its visitors. Kept apart so a moving highlight does not redraw them. */
const Countries = memo(function Countries(props: {
  layout: MapLayout;
  visitors: ReadonlyMap<string, number>;
  domain: MapDomain | undefined;
}) {
  return (
    <g className="ff-map-countries">
      {props.layout.countries.map((country, index) => (
        <path
          key={country.shape.code ?? country.shape.name}
          className="ff-map-country"
          d={country.d}
          data-index={index}
          data-code={country.shape.code}
          data-shade={shadeOf(props.visitors.get(country.shape.code ?? ''), props.domain)}
        />
      ))}
    </g>
  );
});

function tooltipContent(
  shape: MapLayout['countries'][number]['shape'],
  visitors: ReadonlyMap<string, number>,
  locale: string | undefined,
): TooltipContent {
  const title = shape.code ? countryName(shape.code) : shape.name;
  const count = visitors.get(shape.code ?? '');
  // A grey country is named only: the legend already says it has no data.
  return { title, rows: count ? [{ label: 'Visitors', value: formatNumber(count, locale) }] : [] };
}

/**
 * Above the pointer (the country's centre, for the keyboard) where there is room, else below it: never over
 * the country being read. The card's height is estimated from its rows, as it is placed before it is drawn.
 */
function tooltipPlace(
  active: MapHighlight,
  anchor: [number, number],
  content: TooltipContent,
  width: number,
) {
  const [x, y] = active.pointer ?? anchor;
  const height = CARD_TITLE_HEIGHT + CARD_ROW_HEIGHT * content.rows.length;
  const top = y - CARD_GAP - height >= 0 ? y - CARD_GAP - height : y + CARD_GAP;
  return { x, top, width };
}

/** A tooltip card's height with its title alone, and what each row adds. */
const CARD_TITLE_HEIGHT = 38;
const CARD_ROW_HEIGHT = 20;
/** Space between the card and the point it describes. */
const CARD_GAP = 10;
