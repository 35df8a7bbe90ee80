import type { Goal } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { goalDefinition } from './goal-definition';

const eventGoal: Goal = {
  id: 1,
  companyId: 1,
  name: 'Signup',
  eventName: 'signup',
  pagePath: null,
  propKey: 'plan',
  propValue: 'pro',
  revenueCurrency: null,
  createdAt: new Date(0),
};

function errorsOf(run: () => unknown): Record<string, string[]> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.errors;
    throw error;
  }
  throw new Error('no error');
}

describe('goalDefinition', () => {
  it('makes an event goal with its property, or a page goal', () => {
    expect(
      goalDefinition({ name: ' Signup ', event_name: 'signup', prop: { key: 'plan', value: 'pro' } }),
    ).toEqual({
      name: 'Signup',
      eventName: 'signup',
      pagePath: null,
      propKey: 'plan',
      propValue: 'pro',
      revenueCurrency: null,
    });
    expect(goalDefinition({ name: 'Docs', page_path: '/docs/**' })).toMatchObject({
      eventName: null,
      pagePath: '/docs/**',
      propKey: null,
    });
  });

  it('refuses both kinds at once, neither, a path without its slash, and a property on a page goal', () => {
    expect(errorsOf(() => goalDefinition({ name: 'X', event_name: 'a', page_path: '/a' }))).toEqual({
      event_name: ['Give either an event name or a page path, not both.'],
      page_path: ['Give either an event name or a page path, not both.'],
    });
    expect(errorsOf(() => goalDefinition({ name: 'X' }))).toEqual({
      event_name: ['Give an event name or a page path.'],
    });
    expect(errorsOf(() => goalDefinition({ name: 'X', page_path: 'pricing' }))?.page_path).toBeDefined();
    expect(
      errorsOf(() => goalDefinition({ name: 'X', page_path: '/a', prop: { key: 'k', value: 'v' } }))?.prop,
    ).toBeDefined();
  });

  it('edits keep what is not given; a new kind drops the other and the property; null drops the property', () => {
    expect(goalDefinition({ name: 'Renamed' }, eventGoal)).toMatchObject({
      name: 'Renamed',
      eventName: 'signup',
      propKey: 'plan',
    });
    expect(goalDefinition({ page_path: '/thanks' }, eventGoal)).toEqual({
      name: 'Signup',
      eventName: null,
      pagePath: '/thanks',
      propKey: null,
      propValue: null,
      revenueCurrency: null,
    });
    expect(goalDefinition({ prop: null }, eventGoal)).toMatchObject({ propKey: null, propValue: null });
    // A currency is upper-cased, kept by edits of the same kind, dropped by a page goal or null.
    const revenueGoal = { ...eventGoal, revenueCurrency: 'EUR' };
    expect(goalDefinition({ revenue_currency: 'usd' }, eventGoal).revenueCurrency).toBe('USD');
    expect(goalDefinition({ name: 'Sales' }, revenueGoal).revenueCurrency).toBe('EUR');
    expect(goalDefinition({ page_path: '/thanks' }, revenueGoal).revenueCurrency).toBeNull();
    expect(goalDefinition({ revenue_currency: null }, revenueGoal).revenueCurrency).toBeNull();
  });
});
