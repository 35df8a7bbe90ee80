import type { AnalyticsEvent, AnalyticsVisit } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { narrowest, widthOf } from './columns';
import { buildSegment, mergeRows, unpackSegment } from './segment';
import { decodeSegment, encodeSegment } from './segment-codec';

const DAY = Date.UTC(2026, 10, 20);

function visit(
  id: number,
  visitorId: number,
  minute: number,
  fields: Partial<AnalyticsVisit> = {},
): AnalyticsVisit {
  return {
    id,
    visitorId,
    startedAt: DAY + minute * 60_000,
    lastActivityAt: DAY + minute * 60_000 + 90_000,
    hostname: 'shop.example',
    entryPage: '/',
    exitPage: '/pricing',
    pageviews: 2,
    events: 1,
    engagedMs: 42_000,
    isBounce: false,
    source: 'Google',
    referrer: 'google.com/search',
    utmSource: null,
    utmMedium: null,
    utmCampaign: 'spring',
    utmContent: null,
    utmTerm: null,
    country: 'DE',
    browser: 'Firefox',
    os: 'Linux',
    device: 'desktop',
    language: 'de',
    ...fields,
  };
}

function event(sessionId: number, ts: number, fields: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    sessionId,
    ts,
    kind: 1,
    name: null,
    hostname: 'shop.example',
    pathname: '/',
    props: null,
    engagedMs: null,
    scrollDepth: null,
    ...fields,
  };
}

const visits = [
  visit(30, 9_000_000_000_000, 600, { isBounce: true, referrer: null, language: null, device: 'mobile' }),
  visit(10, 281_474_976_710_655, 5),
  visit(20, 9_000_000_000_000, 30, {
    entryPage: '/blog/ünïcode ✓',
    utmTerm: 'shoes',
    engagedMs: 5_000_000_000,
  }),
];
const events = [
  event(10, DAY + 5 * 60_000),
  event(10, DAY + 6 * 60_000, { kind: 2, name: 'Signup', props: { plan: 'pro', seats: 3, trial: true } }),
  event(10, DAY + 7 * 60_000, { kind: 3, engagedMs: 0, scrollDepth: 100 }),
  event(20, DAY + 30 * 60_000, { pathname: '/blog/ünïcode ✓' }),
  event(30, DAY + 600 * 60_000, { hostname: 'www.shop.example' }),
  // An event of a visit that is not packed is left out.
  event(99, DAY + 700 * 60_000),
];

/** Rows in a canonical order, without the ids that a segment does not keep. */
function canonical(rows: { visits: AnalyticsVisit[]; events: AnalyticsEvent[] }) {
  const startOf = new Map(rows.visits.map((v) => [v.id, `${v.visitorId}:${v.startedAt}`]));
  return {
    visits: rows.visits
      .map(({ id: _id, ...rest }) => rest)
      .sort((a, b) => a.visitorId - b.visitorId || a.startedAt - b.startedAt),
    events: rows.events
      .map(({ sessionId, ...rest }) => ({ ...rest, visit: startOf.get(sessionId) }))
      .sort((a, b) => a.ts - b.ts),
  };
}

describe('day segments', () => {
  it('give back every field of the rows they were built from, through storage', () => {
    const segment = buildSegment(DAY, DAY + 86_400_000, visits, events);
    expect([segment.visitCount, segment.eventCount]).toEqual([3, 5]);
    const stored = decodeSegment(encodeSegment(segment));
    expect(canonical(unpackSegment(stored, 1))).toEqual(
      canonical({ visits, events: events.filter((e) => e.sessionId !== 99) }),
    );
  });

  it('sort visits by visitor and events by visit, keeping visitor ids exact', () => {
    const segment = buildSegment(DAY, DAY + 86_400_000, visits, events);
    expect([...segment.visitorIds]).toEqual([9_000_000_000_000, 281_474_976_710_655]);
    expect([...segment.visits.visitor]).toEqual([0, 0, 1]);
    expect([...segment.events.visit]).toEqual([0, 1, 2, 2, 2]);
  });

  it('read a buffer that does not start on a multiple of 8', () => {
    const data = encodeSegment(buildSegment(DAY, DAY + 86_400_000, visits, events));
    const shifted = Buffer.alloc(data.length + 3);
    data.copy(shifted, 3);
    const view = shifted.subarray(3);
    expect(view.byteOffset % 8).not.toBe(0);
    expect(canonical(unpackSegment(decodeSegment(view), 1))).toEqual(
      canonical(unpackSegment(decodeSegment(data), 1)),
    );
  });

  it('store an empty day, and refuse bytes that are not a segment', () => {
    const empty = decodeSegment(encodeSegment(buildSegment(DAY, DAY + 86_400_000, [], [])));
    expect([empty.visitCount, empty.eventCount]).toEqual([0, 0]);
    expect(() => decodeSegment(Buffer.from('{"not":"a segment"}'))).toThrow(/not a stored segment/);
  });

  it('merge rows written since a day was packed', () => {
    const segment = buildSegment(DAY, DAY + 86_400_000, visits.slice(0, 2), events);
    const merged = mergeRows(segment, [visits[2] as AnalyticsVisit], [events[3] as AnalyticsEvent]);
    expect(canonical(merged)).toEqual(
      canonical({ visits, events: events.filter((e) => e.sessionId !== 99) }),
    );
  });
});

describe('columns', () => {
  it('take the narrowest type that holds every value', () => {
    expect(widthOf(narrowest([0, 0]))).toBe(0);
    expect(widthOf(narrowest([0, 255]))).toBe(1);
    expect(widthOf(narrowest([256]))).toBe(2);
    expect(widthOf(narrowest([65_536]))).toBe(4);
    expect(widthOf(narrowest([2 ** 32]))).toBe(8);
    expect(widthOf(narrowest([-1]))).toBe(8);
    expect(widthOf(narrowest([0.5]))).toBe(8);
    expect([...narrowest([3, 2 ** 40, -7])]).toEqual([3, 2 ** 40, -7]);
  });
});
