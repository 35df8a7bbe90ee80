import type { AnalyticsEvent, AnalyticsVisit } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { localHours } from '../calendar/local-days';
import { scanDay } from './scan';
import { buildSegment } from './segment';

const DAY = { date: '2026-11-20', startsAt: Date.UTC(2026, 10, 20), endsAt: Date.UTC(2026, 10, 21) };
const HOURS = localHours('UTC', DAY);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

function visit(id: number, visitorId: number, startMinute: number, minutes: number, isBounce: boolean) {
  const startedAt = DAY.startsAt + startMinute * MINUTE;
  return {
    id,
    visitorId,
    startedAt,
    lastActivityAt: startedAt + minutes * MINUTE,
    hostname: 'shop.example',
    entryPage: '/',
    exitPage: '/',
    pageviews: 1,
    events: 0,
    engagedMs: 0,
    isBounce,
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
  } satisfies AnalyticsVisit;
}

function event(sessionId: number, minute: number, kind: number, name: string | null = null): AnalyticsEvent {
  return {
    sessionId,
    ts: DAY.startsAt + minute * MINUTE,
    kind,
    name,
    hostname: 'shop.example',
    pathname: '/',
    props: null,
    engagedMs: null,
    scrollDepth: null,
  };
}

const PAGEVIEW = 1;
const CUSTOM = 2;

describe('the hours of a scanned day', () => {
  it('count a visit, its bounce and duration where it started, its pageviews and events where they happened', () => {
    const segment = buildSegment(
      DAY.startsAt,
      DAY.endsAt,
      [visit(1, 7, 10 * 60 + 50, 30, false), visit(2, 8, 11 * 60 + 30, 0, true)],
      [
        event(1, 10 * 60 + 50, PAGEVIEW),
        event(1, 11 * 60 + 10, CUSTOM, 'signup'),
        event(1, 11 * 60 + 20, PAGEVIEW),
        event(2, 11 * 60 + 30, PAGEVIEW),
      ],
    );
    const stats = scanDay(segment, DAY, { filters: {} }, HOURS);
    expect(stats.totals).toEqual({
      visitors: 2,
      visits: 2,
      pageviews: 3,
      events: 1,
      bounces: 1,
      durationMs: 30 * MINUTE,
    });
    expect([...stats.hours]).toEqual([
      [
        '2026-11-20T10:00',
        { visitors: 1, visits: 1, pageviews: 1, events: 0, bounces: 0, durationMs: 30 * MINUTE },
      ],
      ['2026-11-20T11:00', { visitors: 1, visits: 1, pageviews: 2, events: 1, bounces: 1, durationMs: 0 }],
    ]);
  });

  it('sum durations past 2^32 ms in one hour without wrapping', () => {
    // Sixty visits that start in the first hour and last 23 hours: 4 968 000 000 ms between them.
    const visits = Array.from({ length: 60 }, (_, i) => visit(i + 1, i + 1, i % 60, 23 * 60, false));
    const segment = buildSegment(DAY.startsAt, DAY.endsAt, visits, []);
    const first = scanDay(segment, DAY, { filters: {} }, HOURS).hours.get('2026-11-20T00:00');
    expect(60 * 23 * HOUR).toBeGreaterThan(2 ** 32);
    expect(first).toMatchObject({ visits: 60, durationMs: 60 * 23 * HOUR });
  });
});
