import type { TrackingBatch } from '@footfall/db';
import { type BotCounts, buildTrackingBatch, countBot } from './tracking-batch';
import type { ReadyEvent } from './types';

/** Thrown by `submit` when the buffer holds its maximum: the caller answers 503 with `Retry-After`. */
export class BufferFullError extends Error {
  override name = 'BufferFullError';
}

export interface WriteBufferOptions {
  /** Writes one batch in one transaction; resolves once it is committed. */
  write(batch: TrackingBatch): Promise<void>;
  /** Events waiting or being written beyond which `submit` refuses more. */
  maxPendingEvents: number;
  onError(error: unknown): void;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/**
 * Group commit. Requests hand their events over and wait; one transaction writes everything that arrived
 * while the previous one ran (or during the current turn of the event loop), then answers every waiter at
 * once. A request's 202 therefore means committed, and the cost of a commit is shared by all the requests in
 * it. The buffer is bounded: when full, `submit` throws instead of letting memory and latency grow.
 */
export class WriteBuffer {
  private queued: ReadyEvent[] = [];
  private waiters: Waiter[] = [];
  private bots: BotCounts = new Map();
  private inFlight = 0;
  private flushing: Promise<void> | undefined;
  private scheduled = false;

  constructor(private readonly options: WriteBufferOptions) {}

  /** Events waiting for, or inside, a transaction. */
  get pending(): number {
    return this.queued.length + this.inFlight;
  }

  /** Resolves when `events` are committed; rejects when their transaction failed. */
  submit(events: ReadyEvent[]): Promise<void> {
    if (this.pending + events.length > this.options.maxPendingEvents) throw new BufferFullError();
    for (const event of events) this.queued.push(event);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.schedule();
    return done;
  }

  /** Adds bot hits to the next transaction; nobody waits for them. */
  countBots(companyId: number, day: string, hits: number): void {
    countBot(this.bots, companyId, day, hits);
    this.schedule();
  }

  /** Writes everything submitted so far; used at shutdown. */
  async drain(): Promise<void> {
    while (this.flushing || this.queued.length > 0 || this.bots.size > 0) {
      if (this.flushing) await this.flushing;
      else await this.flush();
    }
  }

  private schedule(): void {
    if (this.scheduled || this.flushing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    const events = this.queued;
    const waiters = this.waiters;
    const bots = this.bots;
    if (events.length === 0 && bots.size === 0) return Promise.resolve();
    this.queued = [];
    this.waiters = [];
    this.bots = new Map();
    this.inFlight = events.length;
    this.flushing = this.options
      .write(buildTrackingBatch(events, bots))
      .then(
        () => {
          for (const waiter of waiters) waiter.resolve();
        },
        (error: unknown) => {
          this.options.onError(error);
          for (const waiter of waiters) waiter.reject(error);
        },
      )
      .finally(() => {
        this.inFlight = 0;
        this.flushing = undefined;
        if (this.queued.length > 0 || this.bots.size > 0) this.schedule();
      });
    return this.flushing;
  }
}
