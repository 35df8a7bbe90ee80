import { type GeoPath, geoNaturalEarth1, geoPath } from 'd3-geo';
import type { Feature, Geometry } from 'geojson';
import { type CountryShape, worldGeography } from './world-geography';

// Where each country lands at a given width. Natural Earth is a compromise projection made for world maps: it
// keeps the continents' shapes familiar without Mercator's giant Greenland.

/** Room at the map's edges for the borders' stroke. */
const EDGE = 1;

/** Coordinates in the path strings are rounded to tenths of a pixel: finer is invisible and only bloats them. */
const PATH_DIGITS = 1;

export interface DrawnCountry {
  shape: CountryShape;
  /** The SVG path. */
  d: string;
  /** Where a tooltip points when the keyboard picks the country: the centre of its largest part. */
  anchor: [number, number];
}

export interface MapLayout {
  width: number;
  height: number;
  countries: DrawnCountry[];
}

let aspect: number | undefined;

/** The world's height over its width as drawn, about 0.44 without Antarctica. */
export function worldAspect(): number {
  if (aspect === undefined) {
    const { collection } = worldGeography();
    const bounds = geoPath(geoNaturalEarth1().fitWidth(1000, collection)).bounds(collection);
    aspect = (bounds[1][1] - bounds[0][1]) / (bounds[1][0] - bounds[0][0]);
  }
  return aspect;
}

/** The height at which the world fills `width` exactly. */
export function mapHeight(width: number): number {
  return Math.round(Math.max(0, width - 2 * EDGE) * worldAspect()) + 2 * EDGE;
}

/** The countries' paths at `width`; with a `height` too, the world is fitted and centred in that box. */
export function mapLayout(width: number, height: number = mapHeight(width)): MapLayout {
  const { countries, collection } = worldGeography();
  const box: [[number, number], [number, number]] = [
    [EDGE, EDGE],
    [Math.max(EDGE, width - EDGE), Math.max(EDGE, height - EDGE)],
  ];
  const path = geoPath(geoNaturalEarth1().fitExtent(box, collection)).digits(PATH_DIGITS);
  return {
    width,
    height,
    countries: countries.map((shape) => ({
      shape,
      d: path(shape.feature) ?? '',
      anchor: path.centroid(largestPart(shape.feature, path)),
    })),
  };
}

/**
 * A country's largest polygon: the centroid of all its parts can fall in the sea (France with French Guiana)
 * or far from where people look (the United States with Alaska).
 */
function largestPart(country: Feature<Geometry>, path: GeoPath): Feature<Geometry> {
  if (country.geometry.type !== 'MultiPolygon') return country;
  let best = country;
  let bestArea = -1;
  for (const coordinates of country.geometry.coordinates) {
    const part: Feature<Geometry> = { ...country, geometry: { type: 'Polygon', coordinates } };
    const area = path.area(part);
    if (area > bestArea) [best, bestArea] = [part, area];
  }
  return best;
}
