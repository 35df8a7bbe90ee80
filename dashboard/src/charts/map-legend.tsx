import { formatCompact } from '@footfall/contract/format';
import { MAP_SHADES, type MapDomain } from './map-scale';

const SHADES = Array.from({ length: MAP_SHADES }, (_, index) => index + 1);

/** The shades between the scale's ends; a lone count (one country, or all alike) has only the darkest. */
function shadesOf(domain: MapDomain): number[] {
  return domain.min === domain.max ? [MAP_SHADES] : SHADES;
}

/**
 * The scale under the map: its fewest and most visitors at the ends of the shades, and the colour of countries
 * without data. It stays on one line down to a 320-pixel screen, so the map's height is known before it loads.
 * Hidden from assistive technology, which hears the counts themselves in the map's label.
 */
export function MapLegend({
  domain,
  locale,
}: {
  domain: MapDomain | undefined;
  locale?: string | undefined;
}) {
  return (
    <div className="ff-map-legend" aria-hidden="true">
      {domain ? (
        <span className="ff-map-legend-item" title="Visitors, fewest to most">
          {domain.min === domain.max ? null : (
            <span className="ff-map-legend-value">{formatCompact(domain.min, locale)}</span>
          )}
          <span className="ff-map-ramp">
            {shadesOf(domain).map((shade) => (
              <span key={shade} className="ff-map-key" data-shade={shade} />
            ))}
          </span>
          <span className="ff-map-legend-value">{formatCompact(domain.max, locale)}</span>
        </span>
      ) : null}
      <span className="ff-map-legend-item">
        <span className="ff-map-key" data-shade={0} />
        No data
      </span>
    </div>
  );
}
