import { describe, expect, it } from 'vitest';
import { mapHeight, mapLayout, worldAspect } from './map-layout';
import { alpha2Of, worldGeography } from './world-geography';

describe('worldGeography', () => {
  it('resolves the alpha-2 codes of large and small countries to their shapes', () => {
    const { byCode } = worldGeography();
    for (const code of ['DE', 'US', 'GB', 'FR', 'JP', 'BR', 'IN', 'AU', 'LU']) {
      expect(byCode.get(code)?.code).toBe(code);
    }
    expect(byCode.get('DE')?.name).toBe('Germany');
  });

  it('has no shape for unknown codes or for countries too small for its scale', () => {
    const { byCode } = worldGeography();
    for (const code of ['ZZ', 'de', '', 'SG', 'MT']) expect(byCode.has(code)).toBe(false);
  });

  it('leaves Antarctica out and gives each code a single shape', () => {
    const { countries, byCode } = worldGeography();
    expect(countries.some((country) => country.name === 'Antarctica')).toBe(false);
    expect(byCode.has('AQ')).toBe(false);
    const codes = countries.flatMap((country) => (country.code ? [country.code] : []));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes.length).toBeGreaterThan(170);
  });

  it('maps numeric ids with or without leading zeros, and Kosovo by its name', () => {
    expect(alpha2Of('076', 'Brazil')).toBe('BR');
    expect(alpha2Of(76, 'Brazil')).toBe('BR');
    expect(alpha2Of('840', 'United States of America')).toBe('US');
    expect(alpha2Of(undefined, 'Kosovo')).toBe('XK');
    expect(alpha2Of(undefined, 'N. Cyprus')).toBeUndefined();
    expect(alpha2Of('999', 'Nowhere')).toBeUndefined();
  });
});

describe('mapLayout', () => {
  it('fills the width at the world’s own proportions, wider than tall', () => {
    expect(worldAspect()).toBeGreaterThan(0.4);
    expect(worldAspect()).toBeLessThan(0.5);
    const layout = mapLayout(320);
    expect(layout.height).toBe(mapHeight(320));
    expect(layout.height).toBeGreaterThan(130);
    expect(layout.height).toBeLessThan(160);
  });

  it('draws every country inside the box, with its tooltip anchor on the country', () => {
    const layout = mapLayout(640, 300);
    for (const country of layout.countries) {
      expect(country.d).toMatch(/^M/);
      const [x, y] = country.anchor;
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(640);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(300);
    }
  });

  it('anchors a country of several parts on its largest one', () => {
    const layout = mapLayout(1000);
    const anchorOf = (code: string) =>
      layout.countries.find((country) => country.shape.code === code)?.anchor;
    const germany = anchorOf('DE') ?? [0, 0];
    const france = anchorOf('FR') ?? [0, 0];
    // Mainland France lies just west of Germany; French Guiana would pull the centre into the Atlantic.
    expect(germany[0] - france[0]).toBeGreaterThan(0);
    expect(germany[0] - france[0]).toBeLessThan(40);
    expect(Math.abs(germany[1] - france[1])).toBeLessThan(30);
  });
});
