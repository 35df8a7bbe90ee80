import type { PlanChange } from '@footfall/db';
import { type AuditActor, SYSTEM_ACTOR } from '../audit/audit-log';
import type { App } from '../types';

/** What changing a plan reads of the app. */
type PlanChangeDeps = Pick<App, 'audit' | 'companyChanged' | 'now' | 'repos'>;

export interface PlanChangeRequest {
  companyId: number;
  toPlanId: number;
  source: PlanChange['source'];
  checkoutSessionId?: string;
  adminId?: number;
}

/** Who moved the company, for the audit log: the admin or the member who paid, from their address. */
export interface PlanChanger {
  actor: AuditActor;
  ip?: string | null;
}

/** Moves a company to a plan, records the move, and makes the new quotas apply at once; undefined when there is no such company. */
export async function changePlan(
  app: PlanChangeDeps,
  request: PlanChangeRequest,
  changer: PlanChanger = { actor: SYSTEM_ACTOR },
): Promise<PlanChange | undefined> {
  const change = await app.repos.planChanges.change({ ...request, now: app.now() });
  // Ingestion's events quota and the API keys' quota are cached: forgotten here, they apply from the next call.
  if (change) {
    app.companyChanged(request.companyId);
    await recordPlanChange(app, change, changer);
  }
  return change;
}

async function recordPlanChange(
  app: PlanChangeDeps,
  change: PlanChange,
  changer: PlanChanger,
): Promise<void> {
  const [company, plans] = await Promise.all([
    app.repos.companies.findById(change.companyId),
    app.repos.plans.listAll(),
  ]);
  const nameOf = (id: number | null) => plans.find((plan) => plan.id === id)?.name ?? null;
  await app.audit.recordAs(
    changer.actor,
    {
      action: 'plan.changed',
      company: company ? { id: company.id, name: company.name } : { id: change.companyId, name: '' },
      target: { type: 'plan', id: change.toPlanId, label: nameOf(change.toPlanId) },
      details: {
        plan: { from: nameOf(change.fromPlanId), to: nameOf(change.toPlanId) },
        source: change.source,
      },
    },
    changer.ip ?? null,
  );
}
