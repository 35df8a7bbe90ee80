import { describe, expect, it } from 'vitest';
import { goalSummary } from './goal-text';

describe('goalSummary', () => {
  it('names the event and its property, or the page pattern', () => {
    expect(goalSummary({ kind: 'event', event_name: 'signup', page_path: null, prop: null })).toBe(
      'Event “signup”',
    );
    expect(
      goalSummary({
        kind: 'event',
        event_name: 'signup',
        page_path: null,
        prop: { key: 'plan', value: 'pro' },
      }),
    ).toBe('Event “signup” with plan = pro');
    expect(
      goalSummary({
        kind: 'event',
        event_name: 'purchase',
        page_path: null,
        prop: null,
        revenue_currency: 'EUR',
      }),
    ).toBe('Event “purchase”, revenue in EUR');
    expect(goalSummary({ kind: 'page', event_name: null, page_path: '/docs/**', prop: null })).toBe(
      'Pageview of /docs/**',
    );
  });
});
