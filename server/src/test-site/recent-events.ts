import type { RecentEvent, RecentEventsAnswer, TrackerEventType } from '@footfall/contract';
import { EVENT_KINDS, type RecentEventRow } from '@footfall/db';
import { encodeEventCursor, type FeedPosition, newestFirst } from './event-cursor';

/** A row of the feed: a real event, or test traffic (with its own id; `sessionId` is its test visit's). */
export type FeedRow = RecentEventRow & { testId?: number };

/** Where a row sits in the feed: test traffic by its own id, as if its visit were 0 (event-cursor.ts). */
export function feedPosition(row: FeedRow): FeedPosition {
  return row.testId === undefined
    ? { ts: row.ts, sessionId: row.sessionId, kind: row.kind }
    : { ts: row.ts, sessionId: 0, kind: 0, testId: row.testId };
}

/** Real events and test traffic in one list, newest first, at most `count`. */
export function mergeFeeds(real: FeedRow[], test: FeedRow[], count: number): FeedRow[] {
  return [...real, ...test].sort((a, b) => newestFirst(feedPosition(a), feedPosition(b))).slice(0, count);
}

const TYPE_OF_KIND = new Map<number, TrackerEventType>(
  Object.entries(EVENT_KINDS).map(([type, kind]) => [kind, type as TrackerEventType]),
);

function presentRecentEvent(row: FeedRow, id: string): RecentEvent {
  const { visit } = row;
  return {
    id,
    // The table's check constraint admits only the three kinds.
    type: TYPE_OF_KIND.get(row.kind) ?? 'pageview',
    name: row.name,
    timestamp: new Date(row.ts).toISOString(),
    hostname: row.hostname,
    pathname: row.pathname,
    props: row.props,
    engaged_ms: row.engagedMs,
    scroll_depth: row.scrollDepth,
    test: row.testId !== undefined,
    visit: {
      id: row.sessionId,
      started_at: new Date(visit.startedAt).toISOString(),
      entry_page: visit.entryPage,
      source: visit.source,
      referrer: visit.referrer,
      utm_source: visit.utmSource,
      utm_medium: visit.utmMedium,
      utm_campaign: visit.utmCampaign,
      utm_content: visit.utmContent,
      utm_term: visit.utmTerm,
      country: visit.country,
      browser: visit.browser,
      os: visit.os,
      device: visit.device,
      language: visit.language,
    },
  };
}

/**
 * The feed's answer from up to `limit + 1` rows, newest first (one more than shown tells whether older ones
 * were left out). Events at the same position (in practice, events of one visit and type sent in one
 * request, hence stored in one commit) get `-2`, `-3`… on their id, so that ids stay unique.
 */
export function recentEventsAnswer(
  rows: FeedRow[],
  limit: number,
  after: FeedPosition | undefined,
): RecentEventsAnswer {
  const shown = rows.slice(0, limit);
  const repeats = new Map<string, number>();
  const data = shown.map((row) => {
    const position = encodeEventCursor(feedPosition(row));
    const seen = (repeats.get(position) ?? 0) + 1;
    repeats.set(position, seen);
    return presentRecentEvent(row, seen === 1 ? position : `${position}-${seen}`);
  });
  const newest = shown[0] ? feedPosition(shown[0]) : after;
  return {
    data,
    meta: { cursor: newest ? encodeEventCursor(newest) : null, truncated: rows.length > limit },
  };
}
