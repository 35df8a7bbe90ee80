import type { TrackingBatch, VisitIdChanges } from '@footfall/db';
import { type BotCounts, botCountCompany, buildTrackingBatch, countBot } from './tracking-batch';
import type { ReadyEvent } from './types';

/** Thrown by `submit` when the buffer holds its maximum: the caller answers 503 with `Retry-After`. */
export class BufferFullError extends Error {
  override name = 'BufferFullError';
}

export interface WriteBufferOptions {
  /**
   * Writes one batch in one transaction; resolves once it is committed, with the visit ids that the commit
   * changed to the visits other servers had open for the same visitors.
   */
  write(batch: TrackingBatch): Promise<VisitIdChanges | unknown>;
  /** Whether the batches are live visits, shared with other servers at the commit (default false). */
  live?: boolean;
  /** Events waiting or being written beyond which `submit` refuses more. */
  maxPendingEvents: number;
  /**
   * Batches handed to `write` and not yet committed (default 2). With two, the next batch is already
   * waiting at the writer when the current one commits, so the writer never idles through a round trip;
   * batches still commit in order on SQLite's single writer, and their writes add up in any order.
   */
  maxConcurrentWrites?: number;
  /**
   * With fewer events than this waiting (default 32), a commit waits one more turn of the event loop, so
   * that the requests already arriving join it: a commit's fixed cost (taking the lock, writing the WAL
   * frames) is then shared by more events. An idle loop turns at once, so a lone request hardly waits.
   */
  gatherBelow?: number;
  onError(error: unknown): void;
  /**
   * Companies whose events are dropped at the commit rather than written: a company deleted after its
   * events were accepted would fail the whole batch's foreign keys, and every other company's events with it.
   */
  isDropped?(companyId: number): boolean;
  /** Whether any company is dropped at all: when none is (nearly always), a commit filters nothing. */
  anyDropped?(): boolean;
}

/** The commit that the events queued now will be part of: one promise shared by all their requests. */
interface PendingCommit {
  promise: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

function pendingCommit(): PendingCommit {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/**
 * Group commit. Requests hand their events over and wait; one transaction writes everything that arrived
 * during the current turn of the event loop (or the next one, for a small batch; or while the writer was
 * busy), then answers every waiter at once. A request's 202 therefore means committed, and the cost of a
 * commit is shared by all the requests in it. The buffer is bounded: when full, `submit` throws instead of
 * letting memory and latency grow.
 */
export class WriteBuffer {
  private queued: ReadyEvent[] = [];
  /** Created by the first `submit` after a flush; every request until the next flush waits on it. */
  private commit: PendingCommit | undefined;
  private bots: BotCounts = new Map();
  private inFlight = 0;
  private readonly writing = new Set<Promise<void>>();
  private scheduled = false;
  private readonly maxConcurrentWrites: number;
  private readonly gatherBelow: number;

  constructor(private readonly options: WriteBufferOptions) {
    this.maxConcurrentWrites = options.maxConcurrentWrites ?? 2;
    this.gatherBelow = options.gatherBelow ?? 32;
  }

  /** Events waiting for, or inside, a transaction. */
  get pending(): number {
    return this.queued.length + this.inFlight;
  }

  /**
   * Resolves when `events` are committed; rejects when their transaction failed. The requests of one
   * commit share its promise: a promise and a waiter per request cost more than the request's own
   * `then`.
   */
  submit(events: ReadyEvent[]): Promise<void> {
    if (this.pending + events.length > this.options.maxPendingEvents) throw new BufferFullError();
    for (const event of events) this.queued.push(event);
    this.commit ??= pendingCommit();
    this.schedule();
    return this.commit.promise;
  }

  /** Adds bot hits to the next transaction; nobody waits for them. */
  countBots(companyId: number, day: string, hits: number): void {
    countBot(this.bots, companyId, day, hits);
    this.schedule();
  }

  /** Writes everything submitted so far; used at shutdown. */
  async drain(): Promise<void> {
    while (this.writing.size > 0 || this.hasWork()) {
      if (this.hasWork() && this.writing.size < this.maxConcurrentWrites) this.flush();
      else await Promise.race(this.writing);
    }
  }

  /**
   * Resolves once the commits under way now are done, failed or not. Unlike `drain`, it does not chase
   * what keeps arriving, so a busy server answers it soon.
   */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.writing]);
  }

  private hasWork(): boolean {
    return this.queued.length > 0 || this.bots.size > 0;
  }

  private schedule(): void {
    if (this.scheduled || this.writing.size >= this.maxConcurrentWrites) return;
    this.scheduled = true;
    let gathered = false;
    const turn = () => {
      if (!gathered && this.queued.length < this.gatherBelow) {
        gathered = true;
        setImmediate(turn);
        return;
      }
      this.scheduled = false;
      if (this.writing.size < this.maxConcurrentWrites) this.flush();
    };
    setImmediate(turn);
  }

  private withoutDropped(events: ReadyEvent[]): ReadyEvent[] {
    const { isDropped, anyDropped } = this.options;
    if (!isDropped || anyDropped?.() === false) return events;
    return events.filter((event) => !isDropped(event.companyId));
  }

  private flush(): void {
    if (!this.hasWork()) return;
    const events = this.withoutDropped(this.queued);
    const commit = this.commit;
    const bots = this.bots;
    const { isDropped, anyDropped } = this.options;
    if (isDropped && anyDropped?.() !== false) {
      for (const key of bots.keys()) if (isDropped(botCountCompany(key))) bots.delete(key);
    }
    this.queued = [];
    this.commit = undefined;
    this.bots = new Map();
    this.inFlight += events.length;
    const writing: Promise<void> = this.options
      .write(buildTrackingBatch(events, bots, this.options.live))
      .then(
        (changes) => {
          if (changes instanceof Map && changes.size > 0) adoptVisitIds(events, changes);
          commit?.resolve();
        },
        (error: unknown) => {
          this.options.onError(error);
          commit?.reject(error);
        },
      )
      .finally(() => {
        this.inFlight -= events.length;
        this.writing.delete(writing);
        if (this.hasWork()) this.schedule();
      });
    this.writing.add(writing);
  }
}

/**
 * This server's visits that a commit found open on another server take that visit's id, so that their next
 * events go straight to it (the commit would map them again otherwise, at no harm but a wasted lookup).
 */
function adoptVisitIds(events: ReadyEvent[], changes: VisitIdChanges): void {
  for (const { session } of events) {
    const shared = changes.get(session.id);
    if (shared !== undefined) session.id = shared;
  }
}
