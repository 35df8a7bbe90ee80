import type { PlanChange } from '@footfall/db';
import type { App } from '../types';

export interface PlanChangeRequest {
  companyId: number;
  toPlanId: number;
  source: PlanChange['source'];
  checkoutSessionId?: string;
  adminId?: number;
}

/**
 * Forgets what this server cached of a company's plan, so that its quotas apply from the next request:
 * ingestion's company cache (the events quota) and the stats-API key cache (the API quota, per key).
 */
export async function forgetCachedPlan(app: App, companyId: number): Promise<void> {
  app.companyChanged(companyId);
  for (const key of await app.repos.apiKeys.listActive(companyId)) app.apiKeyCache.invalidate(key.id);
}

/** Moves a company to a plan, records the move, and makes the new quotas apply at once; undefined when there is no such company. */
export async function changePlan(app: App, request: PlanChangeRequest): Promise<PlanChange | undefined> {
  const change = await app.repos.planChanges.change({ ...request, now: app.now() });
  if (change) await forgetCachedPlan(app, request.companyId);
  return change;
}
