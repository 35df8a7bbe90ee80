import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { registration, useTestDb } from '../../../test/support/use-test-db';
import { createRevisionCache } from '../revision-cache';
import { createSegmentsRepository, type StoredSegment } from './segments';

const DAY_MS = 86_400_000;
const DAY_1 = Date.parse('2026-03-01T00:00:00Z');

/** A segment of one day; `data` stands for the packed columns, which the repository keeps as bytes. */
const segment = (day: number, data: string, visits = 1): StoredSegment => ({
  startsAt: DAY_1 + day * DAY_MS,
  endsAt: DAY_1 + (day + 1) * DAY_MS,
  visits,
  events: visits,
  data: Buffer.from(data),
});
// No raw rows: each pack only stores its segment.
const nothingRaw = (stored: StoredSegment) => ({
  from: stored.startsAt,
  to: stored.endsAt,
  eventsBefore: stored.endsAt,
  visits: 0,
  events: 0,
});
const texts = (read: StoredSegment[]) => read.map((stored) => stored.data.toString());

describe('the segments repository', () => {
  const t = useTestDb();

  async function companyWith(...segments: StoredSegment[]): Promise<number> {
    const { company } = await t.repos.users.register(registration());
    for (const stored of segments) await t.repos.segments.pack(company.id, stored, nothingRaw(stored));
    return company.id;
  }

  /** Rewrites a segment's bytes behind the repository's back, keeping its revision. */
  async function overwrite(companyId: number, startsAt: number, data: string): Promise<void> {
    const { daySegments } = t.db.schema;
    await t.db.orm
      .update(daySegments)
      .set({ data: Buffer.from(data) })
      .where(and(eq(daySegments.companyId, companyId), eq(daySegments.startsAt, new Date(startsAt))));
  }

  it('reads the segments overlapping a range, in order', async () => {
    const companyId = await companyWith(segment(2, 'c'), segment(0, 'a'), segment(1, 'b'));
    const read = await t.repos.segments.read(companyId, DAY_1 + DAY_MS, DAY_1 + 3 * DAY_MS);
    expect(texts(read)).toEqual(['b', 'c']);
    expect(read[0]).toMatchObject({ startsAt: DAY_1 + DAY_MS, endsAt: DAY_1 + 2 * DAY_MS, visits: 1 });
  });

  it('keeps the data it read in memory, and reads a segment again once another server rewrote it', async () => {
    const companyId = await companyWith(segment(0, 'first'), segment(1, 'other'));
    const here = createSegmentsRepository(t.db);
    const elsewhere = createSegmentsRepository(t.db, createRevisionCache(0));
    const range = [companyId, DAY_1, DAY_1 + 2 * DAY_MS] as const;
    expect(texts(await here.read(...range))).toEqual(['first', 'other']);

    // Bytes changed without a new revision are not read again: the first read's copy answers.
    await overwrite(companyId, DAY_1, 'unseen');
    expect(texts(await here.read(...range))).toEqual(['first', 'other']);
    expect(texts(await elsewhere.read(...range))).toEqual(['unseen', 'other']);

    // A pack gives the row a new revision, so every server reads the new bytes.
    await elsewhere.pack(companyId, segment(0, 'second', 2), nothingRaw(segment(0, '')));
    const read = await here.read(...range);
    expect(texts(read)).toEqual(['second', 'other']);
    expect(read[0]?.visits).toBe(2);
  });

  it('answers every segment when they do not all fit in memory', async () => {
    const companyId = await companyWith(segment(0, 'x'.repeat(600)), segment(1, 'y'.repeat(600)));
    // Room for one entry at most: each read evicts what the previous one kept.
    const small = createSegmentsRepository(t.db, createRevisionCache(1000));
    for (let i = 0; i < 2; i++) {
      const read = await small.read(companyId, DAY_1, DAY_1 + 2 * DAY_MS);
      expect(read.map((stored) => stored.data.length)).toEqual([600, 600]);
      expect(texts(read).map((text) => text[0])).toEqual(['x', 'y']);
    }
  });

  it('leaves out segments deleted since they were kept', async () => {
    const companyId = await companyWith(segment(0, 'old'), segment(1, 'new'));
    const here = createSegmentsRepository(t.db);
    expect(texts(await here.read(companyId, DAY_1, DAY_1 + 2 * DAY_MS))).toEqual(['old', 'new']);
    expect(await here.deleteBefore(companyId, DAY_1 + DAY_MS)).toEqual({ visits: 1, events: 1 });
    expect(texts(await here.read(companyId, DAY_1, DAY_1 + 2 * DAY_MS))).toEqual(['new']);
  });
});
