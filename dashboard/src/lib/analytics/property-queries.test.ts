import { describe, expect, it } from 'vitest';
import { propertyKeysQuery, propertyValuesQuery, rowSuggestions, visitorsNote } from './property-queries';

describe('the questions about properties', () => {
  const search = {
    period: '7d' as const,
    compare: 'off' as const,
    props_key: 'plan',
    country: 'DE',
    'prop:plan': 'pro',
    'prop:seats': '3',
  };

  it('ask every key under the period and filters, as many as the API lists, without the key shown', () => {
    expect(propertyKeysQuery(search)).toEqual({
      period: '7d',
      limit: 100,
      prop_keys: 'true',
      country: 'DE',
      'prop:plan': 'pro',
      'prop:seats': '3',
    });
  });

  it('leave out the filter being edited, which would narrow its own suggestions', () => {
    expect(propertyKeysQuery(search, 'prop:seats')).toEqual({
      period: '7d',
      limit: 100,
      prop_keys: 'true',
      country: 'DE',
      'prop:plan': 'pro',
    });
  });

  it("ask a key's values without a filter on that key, whatever key the panel shows", () => {
    expect(propertyValuesQuery(search, 'plan')).toEqual({
      period: '7d',
      limit: 100,
      props_key: 'plan',
      country: 'DE',
      'prop:seats': '3',
    });
    expect(propertyValuesQuery(search, 'seats', 'country')).toEqual({
      period: '7d',
      limit: 100,
      props_key: 'seats',
      'prop:plan': 'pro',
    });
  });

  it('keep a custom range and leave out the comparison', () => {
    const custom = { period: 'custom' as const, from: '2026-03-01', to: '2026-03-09' };
    expect(propertyKeysQuery(custom)).toEqual({
      period: 'custom',
      from: '2026-03-01',
      to: '2026-03-09',
      limit: 100,
      prop_keys: 'true',
    });
  });

  it('suggest rows with their visitors beside them', () => {
    expect(
      rowSuggestions([
        { value: 'plan', visitors: 1204, events: 2000 },
        { value: 'seats', visitors: 1, events: 1 },
      ]),
    ).toEqual([
      { value: 'plan', label: 'plan', note: '1,204 visitors' },
      { value: 'seats', label: 'seats', note: '1 visitor' },
    ]);
    expect(visitorsNote(0)).toBe('0 visitors');
  });
});
