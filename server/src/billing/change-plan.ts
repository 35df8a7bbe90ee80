import type { PlanChange } from '@footfall/db';
import type { App } from '../types';

export interface PlanChangeRequest {
  companyId: number;
  toPlanId: number;
  source: PlanChange['source'];
  checkoutSessionId?: string;
  adminId?: number;
}

/** Moves a company to a plan, records the move, and makes the new quotas apply at once; undefined when there is no such company. */
export async function changePlan(app: App, request: PlanChangeRequest): Promise<PlanChange | undefined> {
  const change = await app.repos.planChanges.change({ ...request, now: app.now() });
  // Ingestion's events quota and the API keys' quota are cached: forgotten here, they apply from the next call.
  if (change) app.companyChanged(request.companyId);
  return change;
}
