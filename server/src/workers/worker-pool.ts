import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../errors';
import { failureError } from './job-errors';
import type { FromWorker, ToWorker, WorkerSettings } from './worker-messages';

// Worker threads that run jobs off the request thread (docs/api.md "Limits that hold under attack"). Threads
// start when work first needs them, up to `size`; each takes a few jobs at once (on PostgreSQL most of a
// job is waiting for rows), and a job waits in a queue while every thread is full. A job that outlives its
// time is answered 503 and its thread is ended, since a scan cannot be interrupted any other way; the other
// jobs of that thread start again on another. A job is plain data in and out (structured clone).

export interface WorkerPoolOptions {
  /** How many threads at most. */
  size: number;
  /** The module a thread runs, and whether it is TypeScript source (started through tsx). */
  entry: URL;
  settings: WorkerSettings;
  /** A job still unanswered after this long is stopped with 503. */
  timeoutMs: number;
  /** Jobs one thread takes at once. */
  jobsPerThread: number;
  /** Jobs waiting beyond this are refused at once with 503. */
  maxQueued: number;
  log: FastifyBaseLogger;
}

interface Job {
  id: number;
  name: string;
  input: unknown;
  now: number;
  resolve(output: unknown): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  /** How many times a thread ended under this job, which was not its fault. */
  restarts: number;
}

interface Thread {
  worker: Worker;
  ready: boolean;
  jobs: Map<number, Job>;
  /** Ended on purpose (a job outlived its time, or the pool closes): its exit is expected. */
  retired: boolean;
}

/** 503 for a job that ran past its time: the question is too large for the period asked. */
export const tooLarge = () =>
  new AppError(
    503,
    'This question takes too long to answer for the period asked: choose a shorter period or fewer filters, then try again.',
    undefined,
    { 'retry-after': '30' },
  );

const busy = () =>
  new AppError(503, 'The server is answering too many analytics requests; try again shortly.', undefined, {
    'retry-after': '5',
  });

const unavailable = () =>
  new AppError(503, 'The analytics could not be computed just now; try again shortly.', undefined, {
    'retry-after': '5',
  });

const TSX_ENTRY = new URL('./tsx-worker.mjs', import.meta.url);

export class WorkerPool {
  private readonly threads = new Set<Thread>();
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: WorkerPoolOptions) {}

  /** Runs job `name` with `input` on a thread, as of the instant `now`, within `timeoutMs` (the pool's by default). */
  run(name: string, input: unknown, now: number, timeoutMs = this.options.timeoutMs): Promise<unknown> {
    if (this.closed) return Promise.reject(unavailable());
    if (this.queue.length >= this.options.maxQueued) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      const job: Job = { id, name, input, now, resolve, reject, restarts: 0, timer: undefined as never };
      job.timer = setTimeout(() => this.expire(job, timeoutMs), timeoutMs);
      this.queue.push(job);
      this.dispatch();
    });
  }

  /** Ends every thread; jobs still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) this.settle(job, undefined, unavailable());
    await Promise.all(
      [...this.threads].map(async (thread) => {
        thread.retired = true;
        for (const job of thread.jobs.values()) this.settle(job, undefined, unavailable());
        const exited = new Promise((resolve) => thread.worker.once('exit', resolve));
        thread.worker.postMessage({ type: 'close' } satisfies ToWorker);
        const guard = setTimeout(() => void thread.worker.terminate(), 5_000);
        await exited;
        clearTimeout(guard);
      }),
    );
    this.threads.clear();
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const thread = this.freeThread();
      if (!thread) return;
      const job = this.queue.shift() as Job;
      thread.jobs.set(job.id, job);
      const message: ToWorker = { type: 'job', id: job.id, job: job.name, input: job.input, now: job.now };
      thread.worker.postMessage(message);
    }
  }

  /** A ready thread with room for a job, starting a new one when every thread is full. */
  private freeThread(): Thread | undefined {
    let best: Thread | undefined;
    let starting = false;
    for (const thread of this.threads) {
      if (thread.retired) continue;
      if (!thread.ready) {
        starting = true;
        continue;
      }
      if (thread.jobs.size < this.options.jobsPerThread && (!best || thread.jobs.size < best.jobs.size))
        best = thread;
    }
    if (best && best.jobs.size === 0) return best;
    if (!starting && this.liveThreads() < this.options.size) this.start();
    return best;
  }

  private liveThreads(): number {
    let live = 0;
    for (const thread of this.threads) if (!thread.retired) live++;
    return live;
  }

  private start(): void {
    const { entry, settings } = this.options;
    const source = entry.pathname.endsWith('.ts');
    const worker = new Worker(source ? TSX_ENTRY : entry, {
      workerData: source ? { ...settings, entry: entry.href } : settings,
    });
    worker.unref();
    const thread: Thread = { worker, ready: false, jobs: new Map(), retired: false };
    this.threads.add(thread);
    worker.on('message', (message: FromWorker) => this.receive(thread, message));
    worker.on('error', (error) => this.options.log.error({ err: error }, 'an analytics worker failed'));
    worker.on('exit', (code) => this.exited(thread, code));
  }

  private receive(thread: Thread, message: FromWorker): void {
    if (message.type === 'ready') {
      thread.ready = true;
      this.dispatch();
      return;
    }
    const job = thread.jobs.get(message.id);
    if (!job) return;
    thread.jobs.delete(message.id);
    if (message.type === 'done') this.settle(job, message.output);
    else {
      const error = failureError(message.failure);
      if (message.failure.kind === 'fault')
        this.options.log.error({ err: error, job: job.name }, 'analytics job failed');
      this.settle(job, undefined, error);
    }
    this.dispatch();
  }

  /** A job past its time: answered 503, and its thread ended with it; the thread's other jobs go on elsewhere. */
  private expire(job: Job, timeoutMs: number): void {
    const index = this.queue.indexOf(job);
    if (index >= 0) this.queue.splice(index, 1);
    this.settle(job, undefined, tooLarge());
    for (const thread of this.threads) {
      if (!thread.jobs.delete(job.id)) continue;
      this.options.log.warn({ job: job.name, timeoutMs }, 'analytics job stopped');
      thread.retired = true;
      this.requeue(thread);
      void thread.worker.terminate();
    }
    this.dispatch();
  }

  private exited(thread: Thread, code: number): void {
    this.threads.delete(thread);
    if (!thread.retired) {
      this.options.log.error({ code }, 'an analytics worker stopped');
      // A thread that never became ready cannot start (the database is unreachable, say): its jobs and
      // those waiting are refused rather than tried forever.
      if (!thread.ready) {
        for (const job of [...thread.jobs.values(), ...this.queue.splice(0)])
          this.settle(job, undefined, unavailable());
        thread.jobs.clear();
      }
      this.requeue(thread);
    }
    if (!this.closed) this.dispatch();
  }

  /** Puts a thread's unanswered jobs back at the head of the queue, once each. */
  private requeue(thread: Thread): void {
    const jobs = [...thread.jobs.values()];
    thread.jobs.clear();
    for (const job of jobs.reverse()) {
      job.restarts += 1;
      if (job.restarts > 1) this.settle(job, undefined, unavailable());
      else this.queue.unshift(job);
    }
  }

  private settle(job: Job, output: unknown, error?: Error): void {
    clearTimeout(job.timer);
    if (error) job.reject(error);
    else job.resolve(output);
  }
}
