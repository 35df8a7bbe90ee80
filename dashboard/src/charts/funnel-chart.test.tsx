import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { funnelSummary } from './funnel-chart';
import { FunnelChart } from './index';

const steps = [
  { name: 'Pricing', visitors: 20, dropoff: 0, dropoff_rate: 0 },
  { name: 'Signup', visitors: 8, dropoff: 12, dropoff_rate: 60 },
];

describe('FunnelChart', () => {
  it('renders an exportable, labelled SVG with a bar per step and the drop-off after the second', () => {
    const markup = renderToStaticMarkup(<FunnelChart steps={steps} width={500} />);
    const tag = /<svg [^>]*>/.exec(markup)?.[0] ?? '';
    expect(tag).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(tag).toContain('width="500"');
    expect(tag).toContain('data-chart="funnel"');
    expect(tag).toContain('role="img"');
    expect(markup.match(/class="[^"]*\bff-funnel-bar"/g)).toHaveLength(2);
    expect(markup.match(/class="[^"]*\bff-funnel-dropoff"/g)).toHaveLength(1);
    expect(markup).toContain('−12 · 60.0%');
    expect(markup).toContain('8 · 40.0%');
  });
});

describe('funnelSummary', () => {
  it('reads every step with its visitors, share and losses', () => {
    expect(funnelSummary(steps)).toBe(
      'Funnel of 2 steps: 1. Pricing: 20 visitors (100.0%); 2. Signup: 8 visitors (40.0%), 12 dropped off',
    );
  });

  it('says so when nobody entered', () => {
    expect(funnelSummary(steps.map((step) => ({ ...step, visitors: 0 })))).toBe(
      'Funnel of 2 steps: no visitor entered it in this period',
    );
  });
});
