import { EVENT_KINDS, type EventWrite, type SessionWrite, type TrackingBatch } from '@footfall/db';
import type { ReadyEvent } from './types';

/** Bot hits to add, keyed `companyId day`. */
export type BotCounts = Map<string, number>;

function increment(map: Map<string, number>, key: string, by = 1): void {
  map.set(key, (map.get(key) ?? 0) + by);
}

export function countBot(counts: BotCounts, companyId: number, day: string, hits = 1): void {
  increment(counts, `${companyId} ${day}`, hits);
}

/** The company of a `BotCounts` key. */
export function botCountCompany(key: string): number {
  return splitKey(key)[0];
}

function splitKey(key: string): [number, string] {
  const space = key.indexOf(' ');
  return [Number(key.slice(0, space)), key.slice(space + 1)];
}

function storedEvent(event: ReadyEvent): EventWrite {
  return {
    companyId: event.companyId,
    ts: event.ts,
    kind: EVENT_KINDS[event.kind],
    name: event.name,
    hostname: event.hostname,
    pathname: event.pathname,
    visitorId: event.visitorId,
    sessionId: event.session.id,
    props: event.props,
    engagedMs: event.engagedMs,
    scrollDepth: event.scrollDepth,
  };
}

/**
 * Turns the events and bot counts of many requests into one batch: the event rows, one upsert per visit
 * (its current first/last state and the counts this batch adds), and the counters to add. `live` batches
 * share their visits with other servers at the commit; imported ones are written as they are.
 */
export function buildTrackingBatch(events: ReadyEvent[], bots: BotCounts, live = false): TrackingBatch {
  const sessions = new Map<number, SessionWrite>();
  const usage = new Map<string, number>();
  for (const event of events) {
    const { session, visit } = event;
    let row = sessions.get(session.id);
    if (!row) {
      // Spelled out rather than spread: adding fields after a spread makes V8 build the object slowly
      // (it measured a third of a pipeline's time for events that start visits).
      row = {
        id: session.id,
        companyId: session.companyId,
        visitorId: session.visitorId,
        startedAt: session.startedAt,
        lastActivityAt: session.lastActivityAt,
        entryPage: session.entryPage,
        exitPage: session.exitPage,
        pageviews: 0,
        events: 0,
        engagedMs: 0,
        isBounce: false,
        hostname: visit.hostname,
        source: visit.source,
        referrer: visit.referrer,
        utmSource: visit.utmSource,
        utmMedium: visit.utmMedium,
        utmCampaign: visit.utmCampaign,
        utmContent: visit.utmContent,
        utmTerm: visit.utmTerm,
        country: visit.country,
        browser: visit.browser,
        os: visit.os,
        device: visit.device,
        language: visit.language,
      };
      sessions.set(session.id, row);
    }
    if (event.kind === 'pageview') {
      row.pageviews += 1;
      row.exitAt = new Date(session.exitAt ?? event.ts);
    } else if (event.kind === 'event') row.events += 1;
    else row.engagedMs += event.engagedMs ?? 0;
    row.isBounce = row.pageviews === 1 && row.events === 0;
    if (event.usageMonth) increment(usage, `${event.companyId} ${event.usageMonth}`);
  }
  return {
    events: events.map(storedEvent),
    sessions: [...sessions.values()],
    botHits: [...bots].map(([key, hits]) => {
      const [companyId, day] = splitKey(key);
      return { companyId, day, hits };
    }),
    usage: [...usage].map(([key, count]) => {
      const [companyId, month] = splitKey(key);
      return { companyId, month, events: count };
    }),
    live,
  };
}
