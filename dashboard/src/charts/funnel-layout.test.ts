import { describe, expect, it } from 'vitest';
import { fitText, funnelHeight, funnelLayout, shareOf } from './funnel-layout';

const steps = [
  { name: 'Pricing', visitors: 200, dropoff: 0, dropoff_rate: 0 },
  { name: 'Signup page', visitors: 80, dropoff: 120, dropoff_rate: 60 },
  { name: 'Signed up', visitors: 20, dropoff: 60, dropoff_rate: 75 },
];

describe('shareOf', () => {
  it('is the share in percent with one decimal, halves rounded up', () => {
    expect(shareOf(1, 3)).toBe(33.3);
    expect(shareOf(2, 3)).toBe(66.7);
    expect(shareOf(1, 8)).toBe(12.5);
    expect(shareOf(1, 16)).toBe(6.3);
    expect(shareOf(5, 5)).toBe(100);
  });

  it('is 0 when nobody entered', () => {
    expect(shareOf(0, 0)).toBe(0);
  });
});

describe('funnelLayout', () => {
  it('makes each bar as long as its visitors against the widest step', () => {
    const layout = funnelLayout(steps, 400);
    expect(layout.rows.map((row) => row.barWidth)).toEqual([400, 160, 40]);
    expect(layout.rows.map((row) => row.share)).toEqual([100, 40, 10]);
    expect(layout.isEmpty).toBe(false);
  });

  it('runs the lost visitors from the end of a bar to the end of the bar above', () => {
    const [first, second, third] = funnelLayout(steps, 400).rows;
    expect(first?.dropoff).toBeNull();
    expect(second?.dropoff).toMatchObject({ x: 160, width: 240, label: '−120 · 60.0%' });
    expect(third?.dropoff).toMatchObject({ x: 40, width: 120, label: '−60 · 75.0%' });
  });

  it('leaves a drop-off unlabelled where its segment is too narrow for the text', () => {
    const narrow = funnelLayout(
      [
        { name: 'A', visitors: 100, dropoff: 0, dropoff_rate: 0 },
        { name: 'B', visitors: 95, dropoff: 5, dropoff_rate: 5 },
      ],
      300,
    );
    expect(narrow.rows[1]?.dropoff).toMatchObject({ x: 285, width: 15, label: null });
  });

  it('labels each step with its number, visitors and share of the first', () => {
    const layout = funnelLayout(steps, 400);
    expect(layout.rows.map((row) => [row.label, row.value])).toEqual([
      ['1. Pricing', '200 · 100.0%'],
      ['2. Signup page', '80 · 40.0%'],
      ['3. Signed up', '20 · 10.0%'],
    ]);
  });

  it('stacks the rows without overlap, as tall as funnelHeight says', () => {
    const layout = funnelLayout(steps, 400);
    expect(layout.height).toBe(funnelHeight(3));
    for (const [index, row] of layout.rows.entries()) {
      expect(row.textY).toBeLessThan(row.barY);
      const next = layout.rows[index + 1];
      if (next) expect(row.barY + layout.barHeight).toBeLessThan(next.textY - 10);
    }
    const last = layout.rows.at(-1);
    expect((last?.barY ?? 0) + layout.barHeight).toBe(layout.height);
  });

  it('cuts a long name to leave its value room, and keeps the whole name', () => {
    const long = 'Completed the very long onboarding checklist with every optional step';
    const [row] = funnelLayout([{ name: long, visitors: 3, dropoff: 0, dropoff_rate: 0 }], 240).rows;
    expect(row?.label.endsWith('…')).toBe(true);
    expect(row?.label.length).toBeLessThan(long.length);
    expect(row?.name).toBe(`1. ${long}`);
  });

  it('keeps a sliver of bar for a step with few visitors, and none for a step with none', () => {
    const layout = funnelLayout(
      [
        { name: 'A', visitors: 10_000, dropoff: 0, dropoff_rate: 0 },
        { name: 'B', visitors: 1, dropoff: 9_999, dropoff_rate: 100 },
        { name: 'C', visitors: 0, dropoff: 1, dropoff_rate: 100 },
      ],
      300,
    );
    expect(layout.rows.map((row) => row.barWidth)).toEqual([300, 2, 0]);
    expect(layout.rows[2]?.dropoff).toMatchObject({ x: 0, width: 2 });
  });

  it('draws empty bars when nobody entered the funnel', () => {
    const layout = funnelLayout(
      steps.map((step) => ({ ...step, visitors: 0, dropoff: 0, dropoff_rate: 0 })),
      300,
    );
    expect(layout.isEmpty).toBe(true);
    expect(layout.rows.every((row) => row.barWidth === 0 && row.dropoff === null)).toBe(true);
    expect(layout.rows[0]?.value).toBe('0 · 0.0%');
  });
});

describe('fitText', () => {
  it('keeps a text that fits, and cuts one that does not with an ellipsis', () => {
    expect(fitText('Signup', 200)).toBe('Signup');
    const cut = fitText('A rather long step name', 80);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThan(12);
    expect(fitText('Anything', 0)).toBe('');
  });
});
