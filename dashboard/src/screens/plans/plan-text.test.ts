import { describe, expect, it } from 'vitest';
import { planMove, planPrice, retentionText } from './plan-text';

describe('planPrice', () => {
  it('calls a zero price free and shows cents only when there are some', () => {
    expect(planPrice({ price_cents: 0, currency: 'usd' })).toBe('Free');
    expect(planPrice({ price_cents: 900, currency: 'usd' })).toBe('$9');
    expect(planPrice({ price_cents: 950, currency: 'usd' })).toBe('$9.50');
    expect(planPrice({ price_cents: 990_000, currency: 'eur' })).toBe('€9,900');
  });
});

describe('retentionText', () => {
  it('says whole years as years and anything else in days', () => {
    expect(retentionText(365)).toBe('1 year');
    expect(retentionText(1_825)).toBe('5 years');
    expect(retentionText(90)).toBe('90 days');
    expect(retentionText(1)).toBe('1 day');
  });
});

describe('planMove', () => {
  it('names a move by price: up is an upgrade, down a downgrade, level a switch', () => {
    expect(planMove({ price_cents: 0 }, { price_cents: 900 })).toBe('Upgrade');
    expect(planMove({ price_cents: 2_900 }, { price_cents: 0 })).toBe('Downgrade');
    expect(planMove({ price_cents: 900 }, { price_cents: 900 })).toBe('Switch');
    expect(planMove(undefined, { price_cents: 900 })).toBe('Switch');
  });
});
