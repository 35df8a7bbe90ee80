import type { GoalBody, GoalUpdateBody } from '@footfall/contract';
import type { Goal, GoalDefinition } from '@footfall/db';
import { type FieldErrors, validation } from '../errors';
import { PAGE_PATTERN_MAX_WILDCARDS, wildcardCount } from '../matching/page-pattern';

const BOTH = 'Give either an event name or a page path, not both.';
const NEITHER = 'Give an event name or a page path.';

/**
 * A goal's definition from a request: a new one (`current` undefined) or an edit of `current`, where the
 * absent fields keep their value. Giving `event_name` makes an event goal and `page_path` a page goal, the
 * other being dropped; a property belongs to event goals only. Throws 422 with the fields at fault.
 */
export function goalDefinition(body: GoalBody | GoalUpdateBody, current?: Goal): GoalDefinition {
  const errors: FieldErrors = {};
  const fail = (field: string, message: string) => {
    errors[field] = [message];
  };
  if (body.event_name !== undefined && body.page_path !== undefined) {
    fail('event_name', BOTH);
    fail('page_path', BOTH);
  }
  const eventName = body.event_name ?? (body.page_path === undefined ? (current?.eventName ?? null) : null);
  const pagePath = body.page_path ?? (body.event_name === undefined ? (current?.pagePath ?? null) : null);
  if (eventName === null && pagePath === null) fail('event_name', NEITHER);
  if (pagePath !== null && !pagePath.startsWith('/')) {
    fail('page_path', 'The page path field must start with /, like /pricing or /blog/**.');
  } else if (pagePath !== null && wildcardCount(pagePath) > PAGE_PATTERN_MAX_WILDCARDS) {
    // Matching is linear in the path whatever the pattern, but each wildcard is one more pass over it.
    fail(
      'page_path',
      `The page path field may hold at most ${PAGE_PATTERN_MAX_WILDCARDS} wildcards (* or **).`,
    );
  }
  const kept =
    current?.propKey && current.propValue ? { key: current.propKey, value: current.propValue } : null;
  const prop = body.prop === undefined ? (eventName === null ? null : kept) : body.prop;
  if (prop && eventName === null) fail('prop', 'Only a goal on a custom event can require a property.');
  const keptCurrency = eventName === null ? null : (current?.revenueCurrency ?? null);
  const currency =
    body.revenue_currency === undefined ? keptCurrency : (body.revenue_currency?.toUpperCase() ?? null);
  if (currency !== null && eventName === null) {
    fail('revenue_currency', 'Only a goal on a custom event can count revenue.');
  }
  if (Object.keys(errors).length > 0) throw validation(errors);
  return {
    name: (body.name ?? current?.name ?? '').trim(),
    eventName: eventName === null ? null : eventName.trim(),
    pagePath,
    propKey: prop?.key ?? null,
    propValue: prop?.value ?? null,
    revenueCurrency: currency,
  };
}
