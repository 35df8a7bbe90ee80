import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { TrackingBatch } from '../repos/tracking';
import { packTrackingBatch } from './tracking-statements.mjs';

type Reply = { id: number; error?: string };

// Resolved through the package, so the path holds both from the sources and from the server's bundle.
const THREAD_FILE = createRequire(import.meta.url).resolve('@footfall/db/sqlite-writer-thread');

/**
 * Runs tracking group commits on a worker thread with its own connection to the SQLite file. `write`
 * resolves once the batch is committed (and rejects after a rollback), exactly like the in-thread writer,
 * but the main thread is free meanwhile. The thread starts at the first write; if it dies, the batches in
 * it are rejected and the next write starts a new one.
 */
export class SqliteWriterThread {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve(): void; reject(error: Error): void }>();

  constructor(private readonly path: string) {}

  write(batch: TrackingBatch): Promise<void> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      // The thread keeps the process alive only while a batch waits for its commit.
      if (this.waiting.size === 0) worker.ref();
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, batch: packTrackingBatch(batch) });
    });
  }

  /** Lets the batches in flight finish, closes the thread's connection and ends it. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.worker = undefined;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ close: true });
    await exited;
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(THREAD_FILE, { workerData: { path: this.path } });
    worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) worker.unref();
      if (reply.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiter of this.waiting.values()) waiter.reject(error);
      this.waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (this.waiting.size > 0) fail(new Error(`The SQLite writer thread ended (exit code ${code}).`));
      else if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }
}
