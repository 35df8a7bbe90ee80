import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WorldMap } from './map';
import { keyHighlight } from './use-map-interaction';

const rows = [
  { code: 'US', visitors: 1100 },
  { code: 'DE', visitors: 419 },
  { code: 'BR', visitors: 40 },
  { code: 'SG', visitors: 9 },
];

/** The opening tag of the map's `<svg>`. */
function svgTag(markup: string): string {
  return /<svg [^>]*>/.exec(markup)?.[0] ?? '';
}

describe('WorldMap', () => {
  it('renders a labelled, focusable SVG of the countries at a fixed width', () => {
    const markup = renderToStaticMarkup(<WorldMap rows={rows} width={640} onSelect={() => undefined} />);
    const tag = svgTag(markup);
    expect(tag).toContain('data-chart="world-map"');
    expect(tag).toContain('role="img"');
    expect(tag).toContain('width="640"');
    expect(tag).toContain('tabindex="0"');
    expect(tag).toContain(
      'aria-label="Visitors by country: United States 1.1k, Germany 419, Brazil 40, Singapore 9"',
    );
    expect(markup.match(/<path [^>]*class="ff-map-country"/g)?.length).toBeGreaterThan(170);
  });

  it('shades the countries with visitors and leaves the rest neutral', () => {
    const markup = renderToStaticMarkup(<WorldMap rows={rows} width={640} />);
    const shadeOf = (code: string) => new RegExp(`data-code="${code}" data-shade="(\\d)"`).exec(markup)?.[1];
    expect(shadeOf('US')).toBe('5');
    expect(shadeOf('DE')).toBe('4');
    expect(shadeOf('BR')).toBe('2');
    expect(shadeOf('FR')).toBe('0');
    expect(markup).not.toContain('data-code="SG"');
  });

  it('keeps its proportions at a phone’s width and shows the scale’s ends in the legend', () => {
    const markup = renderToStaticMarkup(<WorldMap rows={rows} width={320} />);
    const height = Number(/height="(\d+)"/.exec(svgTag(markup))?.[1]);
    expect(height).toBeGreaterThan(130);
    expect(height).toBeLessThan(160);
    expect(markup).toContain('class="ff-map-legend"');
    expect(markup).toContain('>9<');
    expect(markup).toContain('>1.1k<');
    expect(markup).toContain('No data');
  });

  it('shows a lone count once in the legend, with only the darkest shade', () => {
    const markup = renderToStaticMarkup(<WorldMap rows={[{ code: 'US', visitors: 1100 }]} width={320} />);
    expect(markup.match(/>1\.1k</g)).toHaveLength(1);
    expect(markup.match(/class="ff-map-key" data-shade="\d"/g)).toEqual([
      'class="ff-map-key" data-shade="5"',
      'class="ff-map-key" data-shade="0"',
    ]);
  });

  it('renders no SVG until it has measured its container', () => {
    const markup = renderToStaticMarkup(<WorldMap rows={rows} />);
    expect(markup).not.toContain('<svg');
    expect(markup).toContain('class="ff-map-legend"');
  });
});

describe('keyHighlight', () => {
  const ranked = [7, 3, 9];

  it('steps through the countries with visitors, most first, and stops at the ends', () => {
    expect(keyHighlight('ArrowRight', null, ranked)).toEqual({ index: 7, source: 'keyboard' });
    expect(keyHighlight('ArrowRight', { index: 7, source: 'keyboard' }, ranked)?.index).toBe(3);
    expect(keyHighlight('ArrowRight', { index: 9, source: 'keyboard' }, ranked)?.index).toBe(9);
    expect(keyHighlight('Home', { index: 9, source: 'keyboard' }, ranked)?.index).toBe(7);
  });

  it('starts afresh from a country without visitors and hides on Escape', () => {
    expect(keyHighlight('ArrowRight', { index: 50, source: 'pointer', pointer: [1, 1] }, ranked)?.index).toBe(
      7,
    );
    expect(keyHighlight('Escape', { index: 3, source: 'keyboard' }, ranked)).toBeNull();
  });

  it('leaves other keys, and a map without visitors, to the browser', () => {
    expect(keyHighlight('Tab', null, ranked)).toBeUndefined();
    expect(keyHighlight('ArrowRight', null, [])).toBeUndefined();
  });
});
