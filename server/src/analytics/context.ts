import type { Repositories } from '@footfall/db';
import type { AnalyticsEngine } from '../storage/engine';

/**
 * What the analytics answers need: the engine that counts (`analyticsEngine`), the repositories
 * (`analyticsRepos` reading from the replica where there is one) and the clock. The request thread's app is one; an analytics worker builds its own around its own
 * connections (`workers/analytics-worker.ts`), with the clock of the request that asked.
 */
export interface AnalyticsContext {
  repos: Repositories;
  analyticsRepos: Repositories;
  analyticsEngine: AnalyticsEngine;
  now: () => Date;
}
