import { describe, expect, it } from 'vitest';
import { SessionTracker, VISIT_TIMEOUT_MS } from './session-tracker';
import { ClockVisitIds } from './visit-ids';

describe('SessionTracker', () => {
  const t0 = Date.parse('2026-06-01T10:00:00Z');

  it('keeps a visit while events are less than 30 minutes apart, then starts another', () => {
    const tracker = new SessionTracker(new ClockVisitIds());
    const first = tracker.assign(1, 7, t0, 'pageview', '/a');
    const second = tracker.assign(1, 7, t0 + VISIT_TIMEOUT_MS - 1, 'pageview', '/b');
    const third = tracker.assign(1, 7, t0 + 2 * VISIT_TIMEOUT_MS - 1, 'event', '/b');
    expect(first?.isNew).toBe(true);
    expect(second).toMatchObject({
      isNew: false,
      session: { id: first?.session.id, entryPage: '/a', exitPage: '/b' },
    });
    expect(third?.isNew).toBe(true);
    expect(third?.session.id).not.toBe(first?.session.id);
  });

  it('keeps visitors and companies apart', () => {
    const tracker = new SessionTracker(new ClockVisitIds());
    const a = tracker.assign(1, 7, t0, 'pageview', '/');
    expect(tracker.assign(1, 8, t0, 'pageview', '/')?.session.id).not.toBe(a?.session.id);
    expect(tracker.assign(2, 7, t0, 'pageview', '/')?.session.id).not.toBe(a?.session.id);
  });

  it('never starts a visit with an engagement ping, but lets one extend an open visit', () => {
    const tracker = new SessionTracker(new ClockVisitIds());
    expect(tracker.assign(1, 7, t0, 'engagement', '/')).toBeUndefined();
    tracker.assign(1, 7, t0, 'pageview', '/');
    const ping = tracker.assign(1, 7, t0 + 60_000, 'engagement', '/');
    expect(ping?.session.lastActivityAt.getTime()).toBe(t0 + 60_000);
    expect(ping?.session.exitPage).toBe('/');
  });

  it('moves the start and entry page back for an earlier event of the visit', () => {
    const tracker = new SessionTracker(new ClockVisitIds());
    tracker.assign(1, 7, t0, 'pageview', '/second');
    const earlier = tracker.assign(1, 7, t0 - 60_000, 'pageview', '/first');
    expect(earlier?.session).toMatchObject({ entryPage: '/first', exitPage: '/second' });
  });

  it('forgets idle visits when swept, and continues restored ones', () => {
    const tracker = new SessionTracker(new ClockVisitIds());
    const visit = tracker.assign(1, 7, t0, 'pageview', '/')?.session;
    expect(tracker.sweep(t0 + VISIT_TIMEOUT_MS)).toBe(0);
    expect(tracker.assign(1, 7, t0 + 1_000, 'engagement', '/')).toBeUndefined();
    if (visit) tracker.restore([visit], t0 + 1_000);
    expect(tracker.assign(1, 7, t0 + 1_000, 'pageview', '/x')?.session.id).toBe(visit?.id);
  });

  it('holds at most its capacity: the oldest idle visits leave, a tenth at a time', () => {
    const evicted: number[] = [];
    const tracker = new SessionTracker(new ClockVisitIds(), {
      capacity: 10,
      onEvict: (visits) => evicted.push(...visits.map((visit) => visit.visitorId)),
    });
    for (let visitor = 1; visitor <= 10; visitor++)
      tracker.assign(1, visitor, t0 + visitor * 1_000, 'pageview', '/');
    // Visitor 1 comes back: visitor 2 is now the least recently active.
    tracker.assign(1, 1, t0 + 60_000, 'pageview', '/again');
    tracker.assign(1, 11, t0 + 61_000, 'pageview', '/');
    expect(evicted).toEqual([2, 3]);
    expect(tracker.size).toBe(9);
    expect(tracker.hasOpen(1, 2, t0 + 61_000)).toBe(false);
    expect(tracker.hasOpen(1, 1, t0 + 61_000)).toBe(true);
  });

  it('keeps visits active in the last 10 seconds even past its capacity, as their events may not be committed', () => {
    const evicted: number[] = [];
    const tracker = new SessionTracker(new ClockVisitIds(), {
      capacity: 2,
      onEvict: (visits) => evicted.push(...visits.map((visit) => visit.visitorId)),
    });
    for (let visitor = 1; visitor <= 4; visitor++) tracker.assign(1, visitor, t0 + visitor, 'pageview', '/');
    expect(evicted).toEqual([]);
    tracker.assign(1, 5, t0 + 20_000, 'pageview', '/');
    expect(evicted).toEqual([1, 2, 3, 4]);
  });
});
