import { describe, expect, it } from 'vitest';
import { barLayout } from './bar-layout';

const base = { dates: ['2026-03-01', '2026-03-02'], interval: 'day', width: 600, height: 260 } as const;

describe('barLayout', () => {
  it('raises the value axis to a reference line near the bars, so the line is drawn', () => {
    const layout = barLayout({ ...base, series: [{ name: 'GET /a', counts: [10, 20] }], reference: 33 });
    expect(layout.referenceInView).toBe(true);
    expect(layout.frame.y.ticks.at(-1)?.value).toBeGreaterThanOrEqual(33);
  });

  it('keeps the axis to the bars when the reference is far above them, so real usage is not flattened', () => {
    const layout = barLayout({ ...base, series: [{ name: 'GET /a', counts: [1, 4] }], reference: 33 });
    expect(layout.referenceInView).toBe(false);
    expect(layout.frame.y.ticks.at(-1)?.value).toBeLessThan(10);
    // The tallest bar reaches at least half the plot's height.
    expect(layout.frame.y.scale(4)).toBeLessThanOrEqual(layout.frame.innerHeight / 2);
  });

  it('shows the reference on its own scale when there are no bars at all', () => {
    const layout = barLayout({ ...base, series: [], reference: 33 });
    expect(layout.referenceInView).toBe(true);
  });
});
