import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { iso31661NumericToAlpha2 } from 'iso-3166';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';

// The world's countries at Natural Earth's 1:110m scale, from world-atlas: about 38 KB gzip, detailed enough for
// a map a few hundred pixels wide. Its countries are named by ISO 3166-1 numeric ids ("276"), ours by alpha-2
// codes ("DE"); iso-3166 joins the two. Countries too small for that scale (Singapore, Malta) are not drawn.

interface CountryProperties {
  name: string;
}

type WorldTopology = Topology<{ countries: GeometryCollection<CountryProperties> }>;

/** A country as drawn: its shape, and its alpha-2 code when it has one. */
export interface CountryShape {
  /** ISO 3166-1 alpha-2, upper case; undefined for the few shapes without a code (Northern Cyprus). */
  code: string | undefined;
  /** Natural Earth's short English name, for shapes without a code. */
  name: string;
  feature: Feature<Geometry, CountryProperties>;
}

/** Antarctica holds no visitors and would take a fifth of the map's height. */
const ANTARCTICA = '010';

/**
 * Kosovo has no ISO code, so world-atlas gives it no id; geo-IP databases name it by the user-assigned `XK`,
 * which is what our data holds for it.
 */
const CODES_BY_NAME: Record<string, string> = { Kosovo: 'XK' };

/** The alpha-2 code of a world-atlas country, from its numeric id or, lacking one, its name. */
export function alpha2Of(id: string | number | undefined, name: string): string | undefined {
  if (id === undefined) return CODES_BY_NAME[name];
  return iso31661NumericToAlpha2[String(id).padStart(3, '0')];
}

// The JSON's inferred type is only its literal shape; this is what the file is.
const topology = atlas as unknown as WorldTopology;

export interface World {
  /** Every country to draw, Antarctica left out. */
  countries: readonly CountryShape[];
  /** The countries as one collection, which the projection is fitted to. */
  collection: FeatureCollection<Geometry, CountryProperties>;
  /** The drawn shape of each alpha-2 code; codes the map has no shape for are absent. */
  byCode: ReadonlyMap<string, CountryShape>;
}

let world: World | undefined;

/** The world to draw, decoded from the topology once, on first use. */
export function worldGeography(): World {
  world ??= decodeWorld();
  return world;
}

function decodeWorld(): World {
  const features = feature(topology, topology.objects.countries).features.filter(
    (country) => country.id !== ANTARCTICA,
  );
  const countries = features.map((country) => ({
    code: alpha2Of(country.id, country.properties.name),
    name: country.properties.name,
    feature: country,
  }));
  const byCode = new Map<string, CountryShape>();
  for (const country of countries) if (country.code) byCode.set(country.code, country);
  return { countries, collection: { type: 'FeatureCollection', features }, byCode };
}
