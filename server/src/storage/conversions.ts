import type { FilterExpression } from '@footfall/contract/rules';
import type { Goal } from '@footfall/db';
import { EVENT_KINDS } from '@footfall/db';
import { filterMatcher } from '../matching/filter-matcher';
import { pagePattern } from '../matching/page-pattern';
import type { Segment } from './segment';

// What a segment's events convert on (docs/api.md "Analytics"): goals matched against the segment's dictionaries
// once, so that a scan asks each event with two array reads; and the custom properties of its events.

/** A custom event's property as text, for comparison: strings as they are, numbers and booleans written. */
export const propText = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

/**
 * A revenue amount in cents (docs/api.md "Goals"): a number, or a text of digits with an optional sign and
 * decimals (`19.99`, `-5`), rounded half away from zero at the cent; undefined for anything else (`1e3`,
 * `12,50`, amounts of 14 digits or more).
 */
export function revenueCents(value: unknown): number | undefined {
  const text =
    typeof value === 'number'
      ? Number.isFinite(value)
        ? String(value)
        : ''
      : typeof value === 'string'
        ? value.trim()
        : '';
  const match = /^(-?)(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!match) return undefined;
  const [, sign, whole = '0', fraction = ''] = match;
  const cents =
    Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  return sign === '-' ? -cents : cents;
}

/** The custom properties of a segment's events, parsed once per distinct JSON text. */
export class SegmentProps {
  private readonly parsed: (Record<string, unknown> | null | undefined)[];

  constructor(private readonly segment: Segment) {
    this.parsed = new Array(segment.dictionaries.props.length);
  }

  /** How many distinct property sets the segment holds (ids 1…size-1; 0 is none). */
  get size(): number {
    return this.parsed.length;
  }

  /** The properties of the `props` dictionary's entry `id`, or null for none. */
  of(id: number): Record<string, unknown> | null {
    let props = this.parsed[id];
    if (props === undefined) {
      const text = this.segment.dictionaries.props[id];
      props = text === null || text === undefined ? null : (JSON.parse(text) as Record<string, unknown>);
      this.parsed[id] = props;
    }
    return props;
  }

  /**
   * Each property set's `revenue` in cents, for a goal in `currency`: NaN when it has none, or names
   * another currency in its `currency` property (an event without one is in the goal's).
   */
  revenueOf(currency: string): Float64Array {
    const amounts = new Float64Array(this.parsed.length).fill(Number.NaN);
    for (let id = 1; id < amounts.length; id++) {
      const props = this.of(id);
      const stated = props?.currency;
      if (stated !== undefined && (typeof stated !== 'string' || stated.toUpperCase() !== currency)) continue;
      amounts[id] = revenueCents(props?.revenue) ?? Number.NaN;
    }
    return amounts;
  }

  /** Which `props` ids hold `key` with a value that `expression` keeps (never the ids without the key). */
  maskOf(key: string, expression: FilterExpression): Uint8Array {
    const keeps = filterMatcher({ ...expression, negate: false }, 'exact');
    const mask = new Uint8Array(this.segment.dictionaries.props.length);
    for (let id = 1; id < mask.length; id++) {
      const value = propText(this.of(id)?.[key]);
      if (value !== undefined && keeps(value)) mask[id] = 1;
    }
    return mask;
  }
}

/** One goal, resolved against a segment: the dictionary ids of what converts. */
export interface ResolvedGoal {
  /** The goal's index among the query's goals. */
  index: number;
  kind: number;
  /** Over `names` (event goals) or `pages` (page goals). */
  mask: Uint8Array;
  /** Over `props`, when the goal requires a property. */
  props: Uint8Array | undefined;
  /** Over `props`, for a revenue goal: each property set's amount in cents, NaN without one in its currency. */
  revenue: Float64Array | undefined;
}

/** Which of a segment's events convert on which goals. */
export class SegmentGoals {
  private readonly resolved: ResolvedGoal[];
  /** The page goals and the event goals apart, for a scan that asks each event only its kind's goals. */
  readonly pageGoals: ResolvedGoal[];
  readonly eventGoals: ResolvedGoal[];

  constructor(
    private readonly segment: Segment,
    goals: readonly Goal[],
    props: SegmentProps,
  ) {
    const { names, pages } = segment.dictionaries;
    this.resolved = goals.map((goal, index) => {
      if (goal.pagePath !== null) {
        const pattern = pagePattern(goal.pagePath);
        return {
          index,
          kind: EVENT_KINDS.pageview,
          mask: Uint8Array.from(pages, (page) => (page !== null && pattern.matches(page) ? 1 : 0)),
          props: undefined,
          revenue: undefined,
        };
      }
      return {
        index,
        kind: EVENT_KINDS.event,
        mask: Uint8Array.from(names, (name) => (name !== null && name === goal.eventName ? 1 : 0)),
        props:
          goal.propKey === null || goal.propValue === null
            ? undefined
            : props.maskOf(goal.propKey, { negate: false, contains: false, alternatives: [goal.propValue] }),
        revenue: goal.revenueCurrency === null ? undefined : props.revenueOf(goal.revenueCurrency),
      };
    });
    this.pageGoals = this.resolved.filter((goal) => goal.kind === EVENT_KINDS.pageview);
    this.eventGoals = this.resolved.filter((goal) => goal.kind === EVENT_KINDS.event);
  }

  get count(): number {
    return this.resolved.length;
  }

  /** Whether event `i` converts on goal `g`. */
  converts(g: number, i: number): boolean {
    const goal = this.resolved[g] as ResolvedGoal;
    const { events } = this.segment;
    if (events.kind[i] !== goal.kind) return false;
    if (goal.kind === EVENT_KINDS.pageview) return goal.mask[events.page[i] as number] === 1;
    return (
      goal.mask[events.name[i] as number] === 1 &&
      (goal.props === undefined || goal.props[events.props[i] as number] === 1)
    );
  }
}
