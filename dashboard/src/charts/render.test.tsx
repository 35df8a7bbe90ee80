import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inSentence } from './bar-chart';
import { BarChart, Sparkline, TimeChart } from './index';

const points = Array.from({ length: 30 }, (_, index) => ({
  date: `2026-03-${String(index + 1).padStart(2, '0')}`,
  visitors: 40 + index,
  visits: 50 + index,
  pageviews: 120 + index,
  views_per_visit: 2.4,
  bounce_rate: 40,
  visit_duration: 95,
  events: 3,
}));

/** The opening tag of the chart's root `<svg>`. */
function svgTag(markup: string): string {
  return /<svg [^>]*>/.exec(markup)?.[0] ?? '';
}

describe('TimeChart', () => {
  it('renders an exportable, labelled SVG at a fixed width', () => {
    const markup = renderToStaticMarkup(
      <TimeChart
        points={points}
        comparison={points}
        interval="day"
        metric="visitors"
        width={640}
        height={280}
      />,
    );
    const tag = svgTag(markup);
    expect(tag).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(tag).toContain('width="640"');
    expect(tag).toContain('height="280"');
    expect(tag).toContain('role="img"');
    expect(tag).toContain('data-chart="timeseries"');
    expect(tag).toContain(
      'aria-label="Visitors per day, from Mar 1 to Mar 30: total 1.6k, peak 69 on Mar 30;',
    );
    expect(tag).toContain('tabindex="0"');
  });

  it('draws the current line, the dashed comparison and axis labels with compact numbers', () => {
    const markup = renderToStaticMarkup(
      <TimeChart points={points} comparison={points} interval="day" metric="pageviews" width={640} />,
    );
    expect(markup).toMatch(/class="[^"]*\bff-chart-line"/);
    expect(markup).toMatch(/class="[^"]*\bff-chart-line-compare"/);
    expect(markup).toContain('>Mar 1<');
    expect(markup).toMatch(/>1[05]0</);
  });

  it('renders no SVG until it has measured its container', () => {
    const markup = renderToStaticMarkup(<TimeChart points={points} interval="day" metric="visitors" />);
    expect(markup).not.toContain('<svg');
    expect(markup).toContain('height:300px');
  });

  it('still draws an axis and says so when there is no data', () => {
    const markup = renderToStaticMarkup(
      <TimeChart points={[]} interval="day" metric="visitors" width={320} />,
    );
    expect(markup).toContain('No data for this period');
    expect(markup).toContain('aria-label="Visitors per day: no data"');
  });
});

describe('BarChart', () => {
  it('renders an exportable, labelled SVG with a legend for stacked series and the reference line', () => {
    const markup = renderToStaticMarkup(
      <BarChart
        dates={['2026-03-01', '2026-03-02']}
        series={[
          { name: 'GET /a', counts: [3, 4] },
          { name: 'GET /b', counts: [1, 0] },
        ]}
        reference={{ value: 6, label: 'Daily share of quota' }}
        width={375}
      />,
    );
    const tag = svgTag(markup);
    expect(tag).toContain('data-chart="api-usage"');
    expect(tag).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(tag).toContain('width="375"');
    expect(tag).toContain('height="260"');
    expect(tag).toContain('role="img"');
    expect(tag).toContain('aria-label="API calls per day, from Mar 1 to Mar 2: total 8');
    expect(markup).toContain('Daily share of quota · 6');
    expect(markup).toContain('class="ff-chart-legend"');
    expect(markup.match(/class="[^"]*\bff-chart-bar"/g)).toHaveLength(3);
    expect(markup).not.toContain('ff-chart-reference-note');
  });

  it('says in a note under the plot, not over the bars, that a reference far above them is not drawn', () => {
    const markup = renderToStaticMarkup(
      <BarChart
        dates={['2026-03-01']}
        series={[{ name: 'GET /a', counts: [3] }]}
        reference={{ value: 32, label: 'Daily share of quota' }}
        width={375}
      />,
    );
    expect(svgTag(markup)).toContain('data-chart="api-usage"');
    const svg = markup.slice(markup.indexOf('<svg'), markup.indexOf('</svg>'));
    expect(svg).not.toContain('ff-chart-reference');
    expect(markup).toContain(
      '<p class="ff-chart-reference-note">Daily share of quota: 32 a day, more than twice the busiest day (3), so it is not drawn</p>',
    );
  });
});

describe('Sparkline', () => {
  it('renders a labelled SVG', () => {
    const tag = svgTag(renderToStaticMarkup(<Sparkline values={[1, 5, 3]} label="Visitors" width={120} />));
    expect(tag).toContain('data-chart="sparkline"');
    expect(tag).toContain('aria-label="Visitors: latest 3, low 1, high 5"');
  });
});

describe('inSentence', () => {
  it('lower-cases a label for the middle of a sentence, but not an acronym', () => {
    expect(inSentence('Bots filtered')).toBe('bots filtered');
    expect(inSentence('API calls')).toBe('API calls');
    expect(inSentence('visitors')).toBe('visitors');
  });
});
