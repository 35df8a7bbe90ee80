import { describe, expect, it } from 'vitest';
import { MAP_SHADES, mapDomain, shadeColor, shadeOf } from './map-scale';
import { worldMapSummary } from './map-summary';

describe('mapDomain', () => {
  it('spans the positive counts only', () => {
    expect(mapDomain([0, 30, 3, 12, Number.NaN])).toEqual({ min: 3, max: 30 });
    expect(mapDomain([])).toBeUndefined();
    expect(mapDomain([0])).toBeUndefined();
  });
});

describe('shadeOf', () => {
  const domain = { min: 10, max: 1000 };

  it('gives countries without visitors no shade', () => {
    expect(shadeOf(undefined, domain)).toBe(0);
    expect(shadeOf(0, domain)).toBe(0);
    expect(shadeOf(5, undefined)).toBe(0);
  });

  it('puts the ends of the domain in the lightest and darkest shades', () => {
    expect(shadeOf(10, domain)).toBe(1);
    expect(shadeOf(1000, domain)).toBe(MAP_SHADES);
  });

  it('steps on a log scale, so a middling country is not washed out by the leader', () => {
    // 100 is halfway between 10 and 1000 on a log scale; on a linear one it would share the lightest shade.
    expect(shadeOf(100, domain)).toBe(3);
    expect(shadeOf(30, domain)).toBe(2);
    expect(shadeOf(300, domain)).toBe(4);
    expect(shadeOf(999, domain)).toBe(5);
  });

  it('is monotonic and clamps counts outside the domain', () => {
    const shades = [1, 10, 20, 50, 100, 200, 500, 1000, 5000].map((value) => shadeOf(value, domain));
    expect(shades).toEqual([...shades].sort((a, b) => a - b));
    expect(shades[0]).toBe(1);
    expect(shades.at(-1)).toBe(MAP_SHADES);
  });

  it('gives a lone country the darkest shade', () => {
    expect(shadeOf(42, { min: 42, max: 42 })).toBe(MAP_SHADES);
  });

  it('names the custom property of each shade', () => {
    expect(shadeColor(0)).toBe('--map-empty');
    expect(shadeColor(3)).toBe('--map-shade-3');
  });
});

describe('worldMapSummary', () => {
  it('names the five countries with most visitors, compactly, and counts the rest', () => {
    const rows = [
      { code: 'DE', visitors: 419 },
      { code: 'US', visitors: 1100 },
      { code: 'GB', visitors: 300 },
      { code: 'FR', visitors: 250 },
      { code: 'JP', visitors: 120 },
      { code: 'BR', visitors: 90 },
      { code: 'SG', visitors: 12 },
      { code: 'NL', visitors: 0 },
    ];
    expect(worldMapSummary(rows)).toBe(
      'Visitors by country: United States 1.1k, Germany 419, United Kingdom 300, France 250, Japan 120, and 2 more',
    );
  });

  it('reads a short list in full and says when there is no data', () => {
    expect(worldMapSummary([{ code: 'de', visitors: 3 }])).toBe('Visitors by country: Germany 3');
    expect(worldMapSummary([])).toBe('Visitors by country: no data');
  });
});
