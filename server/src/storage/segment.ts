import type { AnalyticsEvent, AnalyticsVisit } from '@footfall/db';
import { type Column, narrowest } from './columns';

/**
 * A company's visits and events over a stretch of time (normally one local day), column by column: each
 * text field as ids into a dictionary of the segment's own strings (0 is null), each number in the
 * narrowest typed array that holds it. Visits are sorted by visitor, events by visit, so that a scan meets
 * each visitor's rows together and counts distinct visitors without sets (`scan.ts`).
 */
export interface Segment {
  startsAt: number;
  endsAt: number;
  visitCount: number;
  eventCount: number;
  /** The distinct visitor ids, ascending; the `visitor` column holds indexes into it. */
  visitorIds: Float64Array;
  dictionaries: Dictionaries;
  visits: Record<VisitColumn, Column>;
  events: Record<EventColumn, Column>;
}

export type Dictionaries = Record<Dictionary, readonly (string | null)[]>;

export const DICTIONARIES = [
  'pages',
  'hosts',
  'sources',
  'referrers',
  'utm',
  'countries',
  'browsers',
  'os',
  'devices',
  'languages',
  'names',
  'props',
] as const;
export type Dictionary = (typeof DICTIONARIES)[number];

type TextField<T> = { [K in keyof T]: T[K] extends string | null ? K : never }[keyof T];

/** Visit columns holding text, each with the dictionary its ids point into. */
export const VISIT_TEXT = {
  host: ['hosts', 'hostname'],
  entry: ['pages', 'entryPage'],
  exit: ['pages', 'exitPage'],
  source: ['sources', 'source'],
  referrer: ['referrers', 'referrer'],
  utmSource: ['utm', 'utmSource'],
  utmMedium: ['utm', 'utmMedium'],
  utmCampaign: ['utm', 'utmCampaign'],
  utmContent: ['utm', 'utmContent'],
  utmTerm: ['utm', 'utmTerm'],
  country: ['countries', 'country'],
  browser: ['browsers', 'browser'],
  os: ['os', 'os'],
  device: ['devices', 'device'],
  language: ['languages', 'language'],
} as const satisfies Record<string, [Dictionary, TextField<AnalyticsVisit>]>;

export type VisitTextColumn = keyof typeof VISIT_TEXT;

/** Visit columns holding numbers: the visitor's index, times as ms after `startsAt` and durations. */
const VISIT_NUMBERS = ['visitor', 'start', 'duration', 'pageviews', 'events', 'engaged', 'bounce'] as const;
export type VisitColumn = keyof typeof VISIT_TEXT | (typeof VISIT_NUMBERS)[number];

export const EVENT_TEXT = {
  name: ['names', 'name'],
  host: ['hosts', 'hostname'],
  page: ['pages', 'pathname'],
} as const satisfies Record<string, [Dictionary, TextField<AnalyticsEvent>]>;

/** Event columns holding numbers: its visit's index, ms after `startsAt`, and nullable numbers plus one. */
const EVENT_NUMBERS = ['visit', 'at', 'kind', 'props', 'engaged', 'scroll'] as const;
export type EventColumn = keyof typeof EVENT_TEXT | (typeof EVENT_NUMBERS)[number];

/** Assigns ids to a dictionary's strings in order of first sight; 0 stands for null. */
class DictionaryBuilder {
  readonly values: (string | null)[] = [null];
  private readonly ids = new Map<string, number>();
  id(value: string | null): number {
    if (value === null) return 0;
    let id = this.ids.get(value);
    if (id === undefined) {
      id = this.values.length;
      this.values.push(value);
      this.ids.set(value, id);
    }
    return id;
  }
}

const plusOne = (value: number | null) => (value === null ? 0 : value + 1);
const minusOne = (value: number) => (value === 0 ? null : value - 1);

/**
 * Packs visits and their events into a segment spanning [startsAt, endsAt). Events whose visit is not
 * among `visits` are left out: `packedEvents` says how many were kept.
 */
export function buildSegment(
  startsAt: number,
  endsAt: number,
  visits: readonly AnalyticsVisit[],
  events: readonly AnalyticsEvent[],
): Segment {
  const sorted = [...visits].sort(
    (a, b) => a.visitorId - b.visitorId || a.startedAt - b.startedAt || a.id - b.id,
  );
  const indexOfVisit = new Map(sorted.map((visit, index) => [visit.id, index]));
  const kept = events
    .filter((event) => indexOfVisit.has(event.sessionId))
    .map((event) => ({ event, visit: indexOfVisit.get(event.sessionId) as number }))
    .sort((a, b) => a.visit - b.visit || a.event.ts - b.event.ts);
  const visitorIds = Float64Array.from(new Set(sorted.map((visit) => visit.visitorId)));
  const visitorIndex = new Map([...visitorIds].map((id, index) => [id, index]));
  const dictionaries = Object.fromEntries(
    DICTIONARIES.map((name) => [name, new DictionaryBuilder()]),
  ) as Record<Dictionary, DictionaryBuilder>;
  const textColumn = <T>(rows: readonly T[], [dictionary, field]: readonly [Dictionary, keyof T]) =>
    narrowest(rows.map((row) => dictionaries[dictionary].id(row[field] as string | null)));
  const visitText = Object.fromEntries(
    Object.entries(VISIT_TEXT).map(([column, spec]) => [column, textColumn(sorted, spec)]),
  );
  const eventRows = kept.map(({ event }) => event);
  const eventText = Object.fromEntries(
    Object.entries(EVENT_TEXT).map(([column, spec]) => [column, textColumn(eventRows, spec)]),
  );
  return {
    startsAt,
    endsAt,
    visitCount: sorted.length,
    eventCount: kept.length,
    visitorIds,
    dictionaries: Object.fromEntries(
      DICTIONARIES.map((name) => [name, dictionaries[name].values]),
    ) as unknown as Dictionaries,
    visits: {
      ...visitText,
      visitor: narrowest(sorted.map((visit) => visitorIndex.get(visit.visitorId) as number)),
      start: narrowest(sorted.map((visit) => visit.startedAt - startsAt)),
      duration: narrowest(sorted.map((visit) => visit.lastActivityAt - visit.startedAt)),
      pageviews: narrowest(sorted.map((visit) => visit.pageviews)),
      events: narrowest(sorted.map((visit) => visit.events)),
      engaged: narrowest(sorted.map((visit) => visit.engagedMs)),
      bounce: narrowest(sorted.map((visit) => (visit.isBounce ? 1 : 0))),
    } as Record<VisitColumn, Column>,
    events: {
      ...eventText,
      visit: narrowest(kept.map(({ visit }) => visit)),
      at: narrowest(eventRows.map((event) => event.ts - startsAt)),
      kind: narrowest(eventRows.map((event) => event.kind)),
      props: narrowest(
        eventRows.map((event) =>
          dictionaries.props.id(event.props === null ? null : JSON.stringify(event.props)),
        ),
      ),
      engaged: narrowest(eventRows.map((event) => plusOne(event.engagedMs))),
      scroll: narrowest(eventRows.map((event) => plusOne(event.scrollDepth))),
    } as Record<EventColumn, Column>,
  };
}

/**
 * The rows a segment was built from, to merge with rows written since. Visit ids are made up (the
 * segment does not keep them): `firstId`, `firstId + 1`… in the segment's order.
 */
export function unpackSegment(
  segment: Segment,
  firstId: number,
): { visits: AnalyticsVisit[]; events: AnalyticsEvent[] } {
  const { visits: v, events: e, dictionaries: d } = segment;
  const text = <K extends string>(
    columns: Record<string, Column>,
    specs: Record<K, readonly [Dictionary, string]>,
    index: number,
  ) =>
    Object.fromEntries(
      (Object.entries(specs) as [K, readonly [Dictionary, string]][]).map(([column, [dictionary, field]]) => [
        field,
        d[dictionary][(columns[column] as Column)[index] as number] ?? null,
      ]),
    );
  const visits: AnalyticsVisit[] = [];
  for (let i = 0; i < segment.visitCount; i++) {
    const startedAt = segment.startsAt + (v.start[i] as number);
    visits.push({
      ...(text(v, VISIT_TEXT, i) as Pick<AnalyticsVisit, (typeof VISIT_TEXT)[keyof typeof VISIT_TEXT][1]>),
      id: firstId + i,
      visitorId: segment.visitorIds[v.visitor[i] as number] as number,
      startedAt,
      lastActivityAt: startedAt + (v.duration[i] as number),
      pageviews: v.pageviews[i] as number,
      events: v.events[i] as number,
      engagedMs: v.engaged[i] as number,
      isBounce: v.bounce[i] === 1,
    });
  }
  const events: AnalyticsEvent[] = [];
  for (let i = 0; i < segment.eventCount; i++) {
    const props = d.props[e.props[i] as number] ?? null;
    events.push({
      ...(text(e, EVENT_TEXT, i) as Pick<AnalyticsEvent, 'name' | 'hostname' | 'pathname'>),
      sessionId: firstId + (e.visit[i] as number),
      ts: segment.startsAt + (e.at[i] as number),
      kind: e.kind[i] as number,
      props: props === null ? null : JSON.parse(props),
      engagedMs: minusOne(e.engaged[i] as number),
      scrollDepth: minusOne(e.scroll[i] as number),
    });
  }
  return { visits, events };
}

/** A segment's rows followed by rows written since: the segment's visits get ids below any stored one. */
export function mergeRows(
  segment: Segment,
  visits: readonly AnalyticsVisit[],
  events: readonly AnalyticsEvent[],
): { visits: AnalyticsVisit[]; events: AnalyticsEvent[]; endsAt: number } {
  const unpacked = unpackSegment(segment, -segment.visitCount);
  return {
    visits: [...unpacked.visits, ...visits],
    events: [...unpacked.events, ...events],
    endsAt: segment.endsAt,
  };
}
