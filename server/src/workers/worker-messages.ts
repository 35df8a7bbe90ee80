import type { JobFailure } from './job-errors';

/** What an analytics worker is started with (`workerData`). */
export interface WorkerSettings {
  databaseUrl: string;
  databaseReadUrl: string | undefined;
  /** PostgreSQL connections of each of the worker's pools. */
  poolSize: number;
  /** The worker's share of `ANALYTICS_CACHE_MB`, in bytes. */
  cacheBytes: number;
}

export type ToWorker =
  /** `now`: the asking request's clock, which every rule of the job reads. */
  { type: 'job'; id: number; job: string; input: unknown; now: number } | { type: 'close' };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'done'; id: number; output: unknown }
  | { type: 'failed'; id: number; failure: JobFailure };
