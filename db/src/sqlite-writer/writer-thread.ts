import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { TrackingBatch } from '../repos/tracking';
import { packTrackingBatch } from './tracking-statements.mjs';

type Reply = { id: number; error?: string };
type Waiter = { resolve(): void; reject(error: Error): void };

/** A running thread and the batches it has not answered yet. */
interface Thread {
  worker: Worker;
  waiting: Map<number, Waiter>;
}

// Resolved through the package, so the path holds both from the sources and from the server's bundle.
const THREAD_FILE = createRequire(import.meta.url).resolve('@footfall/db/sqlite-writer-thread');

/**
 * Runs tracking group commits on a worker thread with its own connection to the SQLite file. `write`
 * resolves once the batch is committed (and rejects after a rollback), exactly like the in-thread writer,
 * but the main thread is free meanwhile. The thread starts at the first write; if it dies, the batches in
 * it are rejected and the next write starts a new one.
 */
export class SqliteWriterThread {
  private thread: Thread | undefined;
  private nextId = 1;

  constructor(private readonly path: string) {}

  write(batch: TrackingBatch): Promise<void> {
    const packed = packTrackingBatch(batch);
    const { worker, waiting } = this.start();
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      // The thread keeps the process alive only while a batch waits for its commit.
      if (waiting.size === 0) worker.ref();
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, batch: packed });
    });
  }

  /** Lets the batches in flight finish, closes the thread's connection and ends it. */
  async close(): Promise<void> {
    const thread = this.thread;
    if (!thread) return;
    this.thread = undefined;
    const exited = new Promise<void>((resolve) => thread.worker.once('exit', () => resolve()));
    thread.worker.postMessage({ close: true });
    await exited;
  }

  private start(): Thread {
    if (this.thread) return this.thread;
    const worker = new Worker(THREAD_FILE, { workerData: { path: this.path } });
    // Each thread answers for its own batches: a thread that ended must not fail its successor's.
    const thread: Thread = { worker, waiting: new Map() };
    const { waiting } = thread;
    worker.on('message', (reply: Reply) => {
      const waiter = waiting.get(reply.id);
      waiting.delete(reply.id);
      if (waiting.size === 0) worker.unref();
      if (reply.error === undefined) waiter?.resolve();
      else waiter?.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      if (this.thread === thread) this.thread = undefined;
      for (const waiter of waiting.values()) waiter.reject(error);
      waiting.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The SQLite writer thread ended (exit code ${code}).`)));
    this.thread = thread;
    return thread;
  }
}
