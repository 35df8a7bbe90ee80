// The choropleth's colour scale: a country's visitors pick one of a few shades of the accent colour. Visitors
// by country are heavy-tailed (one country often brings as many as the next five together), so the shades step
// on a logarithmic scale: on a linear one the leader would take the darkest shade and every other country the
// lightest.

/** How many shades the map uses; `--map-shade-1` (fewest visitors) to `--map-shade-5` (most). */
export const MAP_SHADES = 5;

/** The smallest and largest visitor counts among the countries with visitors. */
export interface MapDomain {
  min: number;
  max: number;
}

/** The range of the positive counts, or undefined when no country has visitors. */
export function mapDomain(values: Iterable<number>): MapDomain | undefined {
  let domain: MapDomain | undefined;
  for (const value of values) {
    if (!(value > 0) || !Number.isFinite(value)) continue;
    domain = domain
      ? { min: Math.min(domain.min, value), max: Math.max(domain.max, value) }
      : { min: value, max: value };
  }
  return domain;
}

/**
 * The shade of a count: 0 for a country without visitors, else 1 to {@link MAP_SHADES}, the domain's log range
 * cut into equal steps. A domain of one value (a single country) gets the darkest shade.
 */
export function shadeOf(value: number | undefined, domain: MapDomain | undefined): number {
  if (value === undefined || !(value > 0) || !domain) return 0;
  if (domain.max <= domain.min) return MAP_SHADES;
  const clamped = Math.min(Math.max(value, domain.min), domain.max);
  const share = Math.log(clamped / domain.min) / Math.log(domain.max / domain.min);
  return 1 + Math.min(MAP_SHADES - 1, Math.floor(share * MAP_SHADES));
}

/** The custom property that paints a shade. */
export function shadeColor(shade: number): `--map-${string}` {
  return shade === 0 ? '--map-empty' : `--map-shade-${shade}`;
}
