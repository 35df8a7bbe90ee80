import { isPropFilter, PROP_FILTER_PREFIX, type VisitFilter } from '@footfall/contract';
import type { FilterExpression, ParsedFilters } from '@footfall/contract/rules';
import { EVENT_KINDS } from '@footfall/db';
import type { Day } from '../calendar/local-days';
import { type FilterComparison, filterMatcher } from '../matching/filter-matcher';
import type { Column } from './columns';
import type { SegmentGoals, SegmentProps } from './conversions';
import { type Segment, VISIT_TEXT, type VisitTextColumn } from './segment';

// Which rows of a segment a query's filters select (docs/api.md "Analytics"), as flags per visit and per event;
// each filter may say "is", "is not" or "contains", with alternatives (read once where the query is read,
// `parseFilters`, and matched by `matching/filter-matcher.ts`).

const FILTERED_COLUMN: Record<VisitFilter, VisitTextColumn> = {
  entry_page: 'entry',
  exit_page: 'exit',
  source: 'source',
  referrer: 'referrer',
  utm_source: 'utmSource',
  utm_medium: 'utmMedium',
  utm_campaign: 'utmCampaign',
  country: 'country',
  browser: 'browser',
  os: 'os',
  device: 'device',
};

/**
 * Which of a dictionary's ids hold a value that the filter keeps. Id 0 is "no value": only "is not" keeps
 * it (a visit without a referrer is not from google.com).
 */
function maskOf(
  dictionary: readonly (string | null)[],
  expression: FilterExpression,
  comparison: FilterComparison,
): Uint8Array {
  const mask = new Uint8Array(dictionary.length);
  const keeps = filterMatcher(expression, comparison);
  if (expression.negate) mask[0] = 1;
  for (let id = 1; id < dictionary.length; id++) if (keeps(dictionary[id] as string)) mask[id] = 1;
  return mask;
}

/** What the conversion filters (`goal`, `prop:KEY`) need of a segment. */
export interface SegmentConversions {
  goals: SegmentGoals;
  /** A goal's index in `goals`, by its id. */
  goalIndex: ReadonlyMap<number, number>;
  props: SegmentProps;
}

/**
 * The visit flags of the conversion filters (docs/api.md "Analytics"), each with its "is not": the visits holding a conversion
 * on one of the `goal` filter's goals, or a custom event whose property matches a `prop:KEY` filter. All of
 * a visit's events count here, whatever the event filters read.
 */
function conversionSelectors(
  segment: Segment,
  filters: ParsedFilters,
  conversions: SegmentConversions | undefined,
): [Uint8Array, boolean][] {
  const { events } = segment;
  const selectors: [Uint8Array, boolean][] = [];
  const { goal } = filters;
  if (goal) {
    const held = new Uint8Array(segment.visitCount);
    const wanted = goal.alternatives.flatMap((id) => conversions?.goalIndex.get(Number(id)) ?? []);
    for (let i = 0; i < segment.eventCount; i++) {
      const visit = events.visit[i] as number;
      if (held[visit] === 0 && wanted.some((g) => conversions?.goals.converts(g, i))) held[visit] = 1;
    }
    selectors.push([held, goal.negate]);
  }
  for (const [name, expression] of Object.entries(filters)) {
    if (!isPropFilter(name) || !expression || !conversions) continue;
    const mask = conversions.props.maskOf(name.slice(PROP_FILTER_PREFIX.length), expression);
    const held = new Uint8Array(segment.visitCount);
    for (let i = 0; i < segment.eventCount; i++) {
      if (events.kind[i] === EVENT_KINDS.event && mask[events.props[i] as number] === 1)
        held[events.visit[i] as number] = 1;
    }
    selectors.push([held, expression.negate]);
  }
  return selectors;
}

/** The visits a query counts (docs/api.md "Analytics"): `counted[i]` is 1 for those the filters select. */
export function countedVisits(
  segment: Segment,
  filters: ParsedFilters,
  eventRead: Uint8Array,
  day: Day,
  conversions?: SegmentConversions,
): Uint8Array {
  const { visits, events, dictionaries } = segment;
  const counted = new Uint8Array(segment.visitCount);
  const visitConditions: [Column, Uint8Array][] = [];
  for (const [filter, column] of Object.entries(FILTERED_COLUMN) as [VisitFilter, VisitTextColumn][]) {
    const value = filters[filter];
    if (value === undefined) continue;
    const dictionary = dictionaries[VISIT_TEXT[column][0]];
    visitConditions.push([
      visits[column],
      maskOf(dictionary, value, filter === 'referrer' ? 'referrer' : 'exact'),
    ]);
  }
  // With an event filter, a visit counts when it holds a matching event: a custom event with `event`,
  // else a pageview.
  const holding = filters.page !== undefined || filters.hostname !== undefined || filters.event !== undefined;
  const held = new Uint8Array(holding ? segment.visitCount : 0);
  const selectors = conversionSelectors(segment, filters, conversions);
  if (holding) {
    const wanted = filters.event !== undefined ? EVENT_KINDS.event : EVENT_KINDS.pageview;
    for (let i = 0; i < segment.eventCount; i++) {
      if (eventRead[i] === 1 && events.kind[i] === wanted) held[events.visit[i] as number] = 1;
    }
  }
  // A segment lying within the day counts all its visits; otherwise (after a change of time zone) those
  // that started within the day.
  const within = segment.startsAt >= day.startsAt && segment.endsAt <= day.endsAt;
  const from = day.startsAt - segment.startsAt;
  const to = day.endsAt - segment.startsAt;
  next: for (let i = 0; i < segment.visitCount; i++) {
    if (holding && held[i] === 0) continue;
    if (!within && ((visits.start[i] as number) < from || (visits.start[i] as number) >= to)) continue;
    for (const [column, mask] of visitConditions) if (mask[column[i] as number] === 0) continue next;
    for (const [flags, negate] of selectors) if ((flags[i] === 1) === negate) continue next;
    counted[i] = 1;
  }
  return counted;
}

/**
 * Which events the event filters read: pageviews, custom events and engagement pings whose page and host
 * match, custom events also by name.
 */
export function readEvents(segment: Segment, filters: ParsedFilters): Uint8Array {
  const { events, dictionaries } = segment;
  const page = filters.page === undefined ? undefined : maskOf(dictionaries.pages, filters.page, 'page');
  const hostMask =
    filters.hostname === undefined ? undefined : maskOf(dictionaries.hosts, filters.hostname, 'exact');
  const nameMask =
    filters.event === undefined ? undefined : maskOf(dictionaries.names, filters.event, 'exact');
  const read = new Uint8Array(segment.eventCount);
  for (let i = 0; i < segment.eventCount; i++) {
    const kind = events.kind[i];
    if (kind !== EVENT_KINDS.pageview && kind !== EVENT_KINDS.event && kind !== EVENT_KINDS.engagement)
      continue;
    if (page && page[events.page[i] as number] === 0) continue;
    if (hostMask && hostMask[events.host[i] as number] === 0) continue;
    if (nameMask && kind === EVENT_KINDS.event && nameMask[events.name[i] as number] === 0) continue;
    read[i] = 1;
  }
  return read;
}
