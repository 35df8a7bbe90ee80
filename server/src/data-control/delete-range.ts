import type { Repositories, StoredSegment } from '@footfall/db';
import { type Day, localDays } from '../calendar/local-days';
import { buildSegment, unpackSegment } from '../storage/segment';
import { decodeSegment, encodeSegment } from '../storage/segment-codec';
import { timeSlices } from '../workers/time-slices';
import { beginDataWork } from './work-underway';

/** What a deletion removes (or, in a dry run, would remove). */
export interface DeletedCounts {
  events: number;
  visits: number;
}

type DeletionRepos = Pick<Repositories, 'analytics' | 'segments' | 'rollups'>;

/**
 * Deletes a company's data of the local days `from` to `to` (inclusive, in its zone) for good: the raw
 * events and visits (a day per statement, as retention does, so ingestion never waits long on SQLite's
 * lock), the packed days' visits that started in those days and their events (a segment that also holds
 * other days, after a change of zone, is packed again without them), the days' rollups and bot counts.
 * With `dryRun`, only counts. Packing waits meanwhile (`work-underway.ts`).
 */
export async function deleteDays(
  repos: DeletionRepos,
  company: { id: number; timezone: string },
  from: string,
  to: string,
  dryRun: boolean,
): Promise<DeletedCounts> {
  const days = localDays(company.timezone, from, to);
  const start = (days[0] as Day).startsAt;
  const end = (days.at(-1) as Day).endsAt;
  const end_ = beginDataWork(company.id);
  try {
    const counts: DeletedCounts = { events: 0, visits: 0 };
    // A statement a day, and the request thread let go between them (docs/api.md "Limits that hold under attack").
    const slices = timeSlices();
    for (const day of days) {
      await slices.pause();
      const raw = dryRun
        ? await repos.analytics.countRaw(company.id, day.startsAt, day.endsAt)
        : await repos.analytics.deleteRaw(company.id, day.startsAt, day.endsAt);
      counts.events += raw.events;
      counts.visits += raw.visits;
    }
    for (const segment of await repos.segments.read(company.id, start, end)) {
      await slices.pause();
      const cut = withoutRange(segment, start, end);
      counts.events += segment.events - (cut?.events ?? 0);
      counts.visits += segment.visits - (cut?.visits ?? 0);
      if (!dryRun && cut !== segment) await repos.segments.rewrite(company.id, segment.startsAt, cut);
    }
    if (!dryRun) {
      await repos.rollups.forget(
        company.id,
        days.map((day) => day.date),
      );
      await repos.analytics.deleteBotHits(company.id, from, to);
    }
    return counts;
  } finally {
    end_();
  }
}

/**
 * A segment without the visits that started in [start, end) and their events: the segment itself when it
 * keeps them all, undefined when it keeps none.
 */
function withoutRange(segment: StoredSegment, start: number, end: number): StoredSegment | undefined {
  if (segment.startsAt >= start && segment.endsAt <= end) return undefined;
  const rows = unpackSegment(decodeSegment(segment.data), 0);
  const kept = rows.visits.filter((visit) => visit.startedAt < start || visit.startedAt >= end);
  if (kept.length === rows.visits.length) return segment;
  if (kept.length === 0) return undefined;
  const ids = new Set(kept.map((visit) => visit.id));
  const built = buildSegment(
    segment.startsAt,
    segment.endsAt,
    kept,
    rows.events.filter((event) => ids.has(event.sessionId)),
  );
  return {
    startsAt: built.startsAt,
    endsAt: built.endsAt,
    visits: built.visitCount,
    events: built.eventCount,
    data: encodeSegment(built),
  };
}
