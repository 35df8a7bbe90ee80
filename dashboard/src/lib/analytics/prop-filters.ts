import type { PropFilter } from '@footfall/contract';
import { isPropFilter, PROP_FILTER_PREFIX } from '@footfall/contract/constants';
import { escapeFilterValue } from './filter-expression';

// Custom-property filters (`prop:KEY=VALUE`, docs/api.md "Analytics") and the property the Properties panel breaks
// down (`props_key`): their names carry the key, so they are read from a search by pattern, not by a list.

/** The longest property key the tracker keeps (the contract's MAX_PROP_KEY_LENGTH). */
export const MAX_PROP_KEY_LENGTH = 300;
const MAX_FILTER_LENGTH = 2000;

/** A property key the API takes: 1 to 300 characters. */
export function isPropKey(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_PROP_KEY_LENGTH;
}

/** The property filters of a search that the API would take, by key. */
export function propFilterEntries(search: object): [PropFilter, string][] {
  const raw = search as Record<string, unknown>;
  return Object.keys(raw)
    .filter(isPropFilter)
    .filter((name) => isPropKey(name.slice(PROP_FILTER_PREFIX.length)))
    .sort()
    .flatMap((name) => {
      const value = raw[name];
      return typeof value === 'string' && value !== '' && value.length <= MAX_FILTER_LENGTH
        ? [[name, value] as [PropFilter, string]]
        : [];
    });
}

/** The filter a property's value row sets: `prop:KEY` and the value, its operators escaped. */
export function propFilterOf(key: string, value: string): [PropFilter, string] {
  return [`${PROP_FILTER_PREFIX}${key}`, escapeFilterValue(value)];
}

/** The key of a property filter's name (`prop:plan` → `plan`). */
export function propKeyOf(name: PropFilter): string {
  return name.slice(PROP_FILTER_PREFIX.length);
}
