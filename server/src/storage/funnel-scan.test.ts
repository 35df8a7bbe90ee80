import type { AnalyticsEvent, AnalyticsVisit } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { funnelVisitors } from './funnel-scan';
import { buildSegment } from './segment';

const START = Date.UTC(2026, 10, 20);

function visit(id: number, visitorId: number): AnalyticsVisit {
  return {
    id,
    visitorId,
    startedAt: START + id,
    lastActivityAt: START + id,
    hostname: 'shop.example',
    entryPage: '/',
    exitPage: '/',
    pageviews: 1,
    events: 0,
    engagedMs: 0,
    isBounce: false,
    source: 'Direct / None',
    referrer: null,
    utmSource: null,
    utmMedium: null,
    utmCampaign: null,
    utmContent: null,
    utmTerm: null,
    country: null,
    browser: null,
    os: null,
    device: 'desktop',
    language: null,
  };
}

/** A custom event named `name` at `ms` after the day's start. */
function named(sessionId: number, ms: number, name: string): AnalyticsEvent {
  return {
    sessionId,
    ts: START + ms,
    kind: 2,
    name,
    hostname: 'shop.example',
    pathname: '/',
    props: null,
    engagedMs: null,
    scrollDepth: null,
  };
}

/** The funnel over one segment, where goal g converts on events named by `names[g]` (a set each). */
function reached(events: AnalyticsEvent[], steps: number[], names: string[][], visits = [visit(1, 1)]) {
  const segment = buildSegment(START, START + 86_400_000, visits, events);
  const all = new Uint8Array(segment.eventCount).fill(1);
  return funnelVisitors(segment, steps, new Uint8Array(segment.visitCount).fill(1), all, (goal, i) =>
    (names[goal] ?? []).includes(segment.dictionaries.names[segment.events.name[i] as number] ?? ''),
  );
}

describe('the funnel walk', () => {
  it('takes steps in order of time, with other activity between', () => {
    const events = [named(1, 0, 'a'), named(1, 5, 'x'), named(1, 9, 'b'), named(1, 12, 'c')];
    expect(reached(events, [0, 1, 2], [['a'], ['b'], ['c']])).toEqual([1, 1, 1]);
    expect(reached(events, [2, 1], [['a'], ['b'], ['c']])).toEqual([1, 0]);
  });

  it('needs an event of its own for each step, even when one event converts on both', () => {
    expect(reached([named(1, 0, 'ab')], [0, 1], [['ab'], ['ab']])).toEqual([1, 0]);
    expect(reached([named(1, 0, 'ab'), named(1, 3, 'ab')], [0, 1], [['ab'], ['ab']])).toEqual([1, 1]);
  });

  it('lets events of the same millisecond serve in any order, matched at best', () => {
    // Sent B first, then A, in the same millisecond: the visit still did A then B.
    expect(reached([named(1, 7, 'b'), named(1, 7, 'a')], [0, 1], [['a'], ['b']])).toEqual([1, 1]);
    // "ab" converts on both steps and "a" on the first only: taking "ab" for the first would lose the second.
    expect(reached([named(1, 7, 'ab'), named(1, 7, 'a')], [0, 1], [['a', 'ab'], ['ab']])).toEqual([1, 1]);
  });

  it('counts a visitor once per step, over several visits', () => {
    const events = [named(1, 0, 'a'), named(1, 1, 'b'), named(2, 0, 'a')];
    expect(reached(events, [0, 1], [['a'], ['b']], [visit(1, 1), visit(2, 1)])).toEqual([1, 1]);
    expect(reached(events, [0, 1], [['a'], ['b']], [visit(1, 1), visit(2, 2)])).toEqual([2, 1]);
  });
});
