import { parentPort, workerData } from 'node:worker_threads';
import { createDb, createRepositorySets } from '@footfall/db';
import type { AnalyticsContext } from '../analytics/context';
import { relationalEngine } from '../storage/relational-engine';
import { type AnalyticsJobName, analyticsJobs } from './analytics-jobs';
import { describeFailure } from './job-errors';
import type { FromWorker, ToWorker, WorkerSettings } from './worker-messages';

// An analytics worker thread (docs/architecture.md "Analytics"): its own connections to the database and
// its own cache of packed days, answering jobs from the request thread one message at a time. Nothing it
// computes holds the thread that answers requests.

const port = parentPort;
if (!port) throw new Error('analytics-worker.ts runs as a worker thread');
const settings = workerData as WorkerSettings;
const db = await createDb(settings.databaseUrl, {
  ...(settings.databaseReadUrl !== undefined && { readUrl: settings.databaseReadUrl }),
  poolSize: settings.poolSize,
});
const { repos, analyticsRepos } = createRepositorySets(db, { analyticsCacheBytes: settings.cacheBytes });
const analyticsEngine = relationalEngine(analyticsRepos);

async function run(message: Extract<ToWorker, { type: 'job' }>): Promise<FromWorker> {
  const ctx: AnalyticsContext = { repos, analyticsRepos, analyticsEngine, now: () => new Date(message.now) };
  try {
    const job = analyticsJobs[message.job as AnalyticsJobName] as (
      ctx: AnalyticsContext,
      input: unknown,
    ) => unknown;
    return { type: 'done', id: message.id, output: await job(ctx, message.input) };
  } catch (error) {
    return { type: 'failed', id: message.id, failure: describeFailure(error) };
  }
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'close') {
    void db.close().finally(() => port.close());
    return;
  }
  void run(message).then((answer) => port.postMessage(answer));
});
port.postMessage({ type: 'ready' } satisfies FromWorker);
