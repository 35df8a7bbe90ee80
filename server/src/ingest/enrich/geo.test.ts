import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GeoLookup, loadGeoLookup, sharedGeoLookup } from './geo';
import { type FixtureNetwork, type FixtureOptions, writeMmdb } from './mmdb-fixture';

const dir = mkdtempSync(join(tmpdir(), 'geo-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let files = 0;
function lookupFrom(networks: readonly FixtureNetwork[], options: FixtureOptions = {}): GeoLookup {
  const file = join(dir, `fixture-${files++}.mmdb`);
  writeFileSync(file, writeMmdb(networks, options));
  return loadGeoLookup({ file });
}

const NETWORKS: FixtureNetwork[] = [
  { cidr: '1.0.0.0/24', record: { country_code: 'au' } },
  { cidr: '1.0.4.0/22', record: { country_code: 'CN' } },
  { cidr: '2.0.0.0/24', record: { country_code: 'ZZ' } },
  { cidr: '10.0.0.0/8', record: { country_code: 'US' } },
  { cidr: '200.0.0.0/24', record: { country_code: 'BR' } },
  { cidr: '200.0.0.128/25', record: { country: { iso_code: 'AR' } } },
  { cidr: '5.0.0.0/8', record: { other: 'no country here' } },
  { cidr: '2001:200::/32', record: { country_code: 'JP' } },
  { cidr: '2a00::/16', record: { country_code: 'DE' } },
  { cidr: '2a00::1:0/112', record: { country_code: 'FR' } },
];

describe.each([24, 28, 32] as const)('loadGeoLookup on a database with %i-bit records', (recordSize) => {
  const geo = lookupFrom(NETWORKS, { recordSize });

  it('answers the upper-case country of IPv4 addresses across a network', () => {
    expect(geo.country('1.0.0.0')).toBe('AU');
    expect(geo.country('1.0.0.255')).toBe('AU');
    expect(geo.country('1.0.7.255')).toBe('CN');
  });

  it('answers the more specific network where networks nest', () => {
    expect(geo.country('200.0.0.127')).toBe('BR');
    expect(geo.country('200.0.0.128')).toBe('AR');
  });

  it('answers IPv6 addresses, including networks smaller than a /64', () => {
    expect(geo.country('2001:200::1')).toBe('JP');
    expect(geo.country('2001:200:ffff:ffff::')).toBe('JP');
    expect(geo.country('2a00::abcd')).toBe('DE');
    expect(geo.country('2a00::1:1')).toBe('FR');
  });
});

describe('loadGeoLookup answers', () => {
  const geo = lookupFrom(NETWORKS);

  it('null outside every network', () => {
    for (const ip of ['1.0.1.0', '1.0.8.0', '200.0.1.0', '223.255.255.255', '2001:201::1', '2c00::1']) {
      expect(geo.country(ip), ip).toBeNull();
    }
  });

  it('null for the ZZ code (unassigned) and for records without a country', () => {
    expect(geo.country('2.0.0.1')).toBeNull();
    expect(geo.country('5.1.2.3')).toBeNull();
  });

  it('null for private addresses even when the data names a country for them', () => {
    expect(geo.country('10.1.2.3')).toBeNull();
    expect(geo.country('::ffff:10.1.2.3')).toBeNull();
  });

  it('for an IPv4-mapped IPv6 address, the country of the IPv4 address it carries', () => {
    expect(geo.country('::ffff:200.0.0.9')).toBe('BR');
    expect(geo.country('::FFFF:c800:0009')).toBe('BR');
  });

  it('for a 6to4 address, the country of the IPv4 address it carries', () => {
    expect(geo.country('2002:c800:0009::1')).toBe('BR');
  });

  it('null for malformed or hostile input, without throwing', () => {
    const inputs: unknown[] = ['', 'localhost', '1.0.0', '1.0.0.1.5', '::g', '1'.repeat(100_000), null, 42];
    for (const input of inputs) expect(geo.country(input as string)).toBeNull();
  });

  it('the build time recorded in the database', () => {
    const dated = lookupFrom(NETWORKS, { builtAt: new Date('2026-03-04T05:06:07Z') });
    expect(dated.builtAt.toISOString()).toBe('2026-03-04T05:06:07.000Z');
  });
});

describe('loadGeoLookup on an IPv4-only database', () => {
  const geo = lookupFrom([{ cidr: '1.0.0.0/24', record: { country_code: 'AU' } }], { ipVersion: 4 });

  it('answers IPv4 and IPv4-mapped addresses and null for IPv6 ones', () => {
    expect(geo.country('1.0.0.1')).toBe('AU');
    expect(geo.country('::ffff:1.0.0.1')).toBe('AU');
    expect(geo.country('2001:200::1')).toBeNull();
  });
});

describe('loadGeoLookup refusing bad files', () => {
  it('throws when the file is missing', () => {
    expect(() => loadGeoLookup({ file: join(dir, 'missing.mmdb') })).toThrow();
  });

  it('throws when the file is not a MaxMind DB', () => {
    const file = join(dir, 'not-a-database.csv');
    writeFileSync(file, '1.0.0.0,1.0.0.255,AU\n');
    expect(() => loadGeoLookup({ file })).toThrow(/metadata marker/);
  });

  it('throws when the search tree is cut short', () => {
    const whole = writeMmdb(NETWORKS);
    const marker = whole.lastIndexOf(Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'));
    const file = join(dir, 'truncated.mmdb');
    writeFileSync(file, Buffer.concat([whole.subarray(0, 20), whole.subarray(marker)]));
    // Opening an IPv6 tree walks it to the IPv4 root, which mmdb-lib finds out of range.
    expect(() => loadGeoLookup({ file })).toThrow(/Not a usable MaxMind DB file/);
    const ipv4 = writeMmdb(NETWORKS.slice(0, 2), { ipVersion: 4 });
    const ipv4Marker = ipv4.lastIndexOf(Buffer.from('\xab\xcd\xefMaxMind.com', 'latin1'));
    writeFileSync(file, Buffer.concat([ipv4.subarray(0, 20), ipv4.subarray(ipv4Marker)]));
    expect(() => loadGeoLookup({ file })).toThrow(/truncated/);
  });
});

describe('the shipped DB-IP data', () => {
  let geo: GeoLookup;
  beforeAll(() => {
    geo = sharedGeoLookup();
  });

  it('places well-known addresses in their countries', () => {
    const expected: [string, string][] = [
      ['8.8.8.8', 'US'],
      ['81.2.69.142', 'GB'],
      ['193.0.0.1', 'NL'],
      ['200.160.2.3', 'BR'],
      ['202.12.27.33', 'JP'],
      ['2001:200::1', 'JP'],
      ['2a01:4f8::1', 'DE'],
      ['::ffff:8.8.8.8', 'US'],
    ];
    for (const [ip, country] of expected) expect(geo.country(ip), ip).toBe(country);
  });

  it('answers null for loopback and private addresses', () => {
    for (const ip of ['127.0.0.1', '192.168.0.1', '::1', 'fd12::1', '::ffff:127.0.0.1']) {
      expect(geo.country(ip), ip).toBeNull();
    }
  });

  it('is shared: every caller gets the one loaded instance', () => {
    expect(sharedGeoLookup()).toBe(geo);
  });
});
