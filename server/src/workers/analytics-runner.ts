import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsContext } from '../analytics/context';
import type { Config } from '../config';
import { type AnalyticsJobName, analyticsJobs, type JobInput, type JobOutput } from './analytics-jobs';
import { WorkerPool } from './worker-pool';

/** An analytics answer that runs longer than this is stopped and answered 503 (docs/api.md "Limits…"). */
export const ANALYTICS_TIMEOUT_MS = 30_000;
/**
 * The work of the data itself (packing an import's days, a stretch of an export) is not a question that a
 * person waits on with a period in mind: it gets longer, and is stopped only if something hangs.
 */
const DATA_WORK_TIMEOUT_MS = 10 * 60_000;
const DATA_WORK: ReadonlySet<AnalyticsJobName> = new Set(['packDays', 'exportStretch']);
/** PostgreSQL connections of each worker's pool: as many as the jobs it takes at once. */
const JOBS_PER_THREAD = 4;

/** Runs the analytics jobs (`analytics-jobs.ts`) on worker threads, or on the request thread without any. */
export interface AnalyticsRunner {
  run<K extends AnalyticsJobName>(job: K, input: JobInput<K>): Promise<JobOutput<K>>;
  close(): Promise<void>;
}

export interface AnalyticsRunnerOptions {
  config: Config;
  /** The request thread's context: its clock for every job, and its repositories when there are no workers. */
  context: AnalyticsContext;
  log: FastifyBaseLogger;
  timeoutMs?: number;
}

/**
 * The worker module: the bundled `analytics-worker.js` beside the built server, or the TypeScript source
 * when the server runs from source (tests, `npm run dev`).
 */
function workerEntry(): URL {
  const fromSource = import.meta.url.endsWith('.ts');
  return new URL(fromSource ? './analytics-worker.ts' : './analytics-worker.js', import.meta.url);
}

/** The jobs run on the calling thread, in `context` (`ANALYTICS_WORKERS=0`, and scripts). */
export function inlineAnalyticsRunner(context: AnalyticsContext): AnalyticsRunner {
  return {
    run: (job, input) =>
      (analyticsJobs[job] as (ctx: AnalyticsContext, input: unknown) => Promise<never>)(context, input),
    close: async () => {},
  };
}

export function createAnalyticsRunner(options: AnalyticsRunnerOptions): AnalyticsRunner {
  const { config, context, log } = options;
  if (config.analyticsWorkers === 0) return inlineAnalyticsRunner(context);
  const pool = new WorkerPool({
    size: config.analyticsWorkers,
    entry: workerEntry(),
    settings: {
      databaseUrl: config.databaseUrl,
      databaseReadUrl: config.databaseReadUrl,
      poolSize: JOBS_PER_THREAD,
      cacheBytes: Math.floor(config.analyticsCacheBytes / config.analyticsWorkers),
    },
    timeoutMs: options.timeoutMs ?? ANALYTICS_TIMEOUT_MS,
    jobsPerThread: JOBS_PER_THREAD,
    maxQueued: 1_000,
    log,
  });
  return {
    run: (job, input) =>
      pool.run(
        job,
        input,
        context.now().getTime(),
        DATA_WORK.has(job) ? DATA_WORK_TIMEOUT_MS : undefined,
      ) as Promise<never>,
    close: () => pool.close(),
  };
}
