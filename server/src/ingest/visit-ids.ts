import { VISIT_ID_BLOCK } from '@footfall/db';

/**
 * Where visit ids come from. The pipeline takes them synchronously (`next`), between awaits; `ensure`
 * answers a promise only when `count` ids are not at hand yet, so the caller awaits it before the
 * synchronous part.
 */
export interface VisitIds {
  next(): number;
  /** Undefined when `count` ids can be taken now; otherwise resolves once they can. */
  ensure(count: number): Promise<void> | undefined;
}

/**
 * Ids from the clock, for SQLite (one server process): milliseconds × 1024 plus a counter, so ids grow with
 * time (cheap appends to the primary-key index), stay below 2^53 until the year 2248, and never repeat across
 * restarts. One generator serves the whole process (live visits and imports alike). Two processes could
 * mint the same id in the same millisecond, which is why PostgreSQL takes `SequenceVisitIds` instead.
 */
export class ClockVisitIds implements VisitIds {
  private last = 0;
  next(): number {
    this.last = Math.max(this.last + 1, Date.now() * 1024);
    return this.last;
  }
  ensure(): undefined {
    return undefined;
  }
}

/** The clock generator of the process, shared by everything that mints visit ids on SQLite. */
export const processVisitIds = new ClockVisitIds();

/**
 * Ids from a database sequence, for PostgreSQL, where several servers mint them: each `nextval` hands this
 * server a block of `VISIT_ID_BLOCK` ids of its own, so ids never collide across servers and cost a round trip
 * per block, not per visit. The next block is fetched while half of the current one is left, so a steady
 * stream of new visits never waits.
 */
export class SequenceVisitIds implements VisitIds {
  /** Ids at hand: `[from, to)` of the current block, then whole blocks fetched ahead. */
  private from = 0;
  private to = 0;
  private readonly ahead: number[] = [];
  private fetching: Promise<void> | undefined;

  constructor(private readonly takeBlock: () => Promise<number>) {}

  private get available(): number {
    return this.to - this.from + this.ahead.length * VISIT_ID_BLOCK;
  }

  next(): number {
    if (this.from === this.to) {
      const start = this.ahead.shift();
      if (start === undefined) throw new Error('visit ids: none at hand (call ensure first)');
      this.from = start;
      this.to = start + VISIT_ID_BLOCK;
    }
    const id = this.from;
    this.from += 1;
    if (this.available < VISIT_ID_BLOCK / 2) void this.fetch().catch(() => undefined);
    return id;
  }

  ensure(count: number): Promise<void> | undefined {
    if (this.available >= count) return undefined;
    return this.fillTo(count);
  }

  private async fillTo(count: number): Promise<void> {
    while (this.available < count) await this.fetch();
  }

  /** One block more; concurrent callers share the fetch under way. */
  private fetch(): Promise<void> {
    this.fetching ??= this.takeBlock()
      .then((start) => {
        this.ahead.push(start);
      })
      .finally(() => {
        this.fetching = undefined;
      });
    return this.fetching;
  }
}
