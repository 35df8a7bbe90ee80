import {
  AdminCompanyPlanAnswer,
  AdminPlanAnswer,
  AdminPlanListAnswer,
  AdminPlanUpdateBody,
  IdParams,
  PlanChangeListAnswer,
  PlanChoiceBody,
} from '@footfall/contract';
import { actorOf } from '../audit/audit-log';
import { changePlan } from '../billing/change-plan';
import { presentAdminPlan, presentPlan, presentPlanChange } from '../billing/plan-presenter';
import { fieldError, notFound } from '../errors';
import { currentAdmin } from '../plugins/auth';
import type { App } from '../types';

/**
 * The admin's plans (docs/api.md "Admin: plans"): every plan with its company count, edits to prices, quotas, features and
 * whether a plan is offered; and a company's plan, set by hand, with its history. Edited quotas reach
 * ingestion and the stats API within their caches' 10 seconds; a company moved to another plan, at once.
 */
export async function adminPlanRoutes(app: App): Promise<void> {
  app.get(
    '/api/admin/plans',
    { config: { auth: 'admin' }, schema: { response: { 200: AdminPlanListAnswer } } },
    async () => ({ data: (await app.repos.plans.listAll()).map(presentAdminPlan) }),
  );

  app.patch(
    '/api/admin/plans/:id',
    {
      config: { auth: 'admin' },
      schema: { params: IdParams, body: AdminPlanUpdateBody, response: { 200: AdminPlanAnswer } },
    },
    async (request) => {
      const plan = await app.repos.plans.findById(request.params.id);
      if (!plan) throw notFound();
      const body = request.body;
      if (body.active === false && plan.isDefault) {
        throw fieldError('active', 'The default plan cannot be deactivated.');
      }
      await app.repos.plans.update(
        plan.id,
        {
          name: body.name,
          priceCents: body.price_cents,
          eventsQuota: body.events_quota,
          apiCallsQuota: body.api_calls_quota,
          retentionDays: body.retention_days,
          features: body.features,
          active: body.active,
        },
        app.now(),
      );
      // New quotas hold from the next event and API call of every company on the plan.
      app.plansChanged();
      const updated = (await app.repos.plans.listAll()).find((listed) => listed.id === plan.id);
      if (!updated) throw notFound();
      return { data: presentAdminPlan(updated) };
    },
  );

  app.put(
    '/api/admin/companies/:id/plan',
    {
      config: { auth: 'admin' },
      schema: { params: IdParams, body: PlanChoiceBody, response: { 200: AdminCompanyPlanAnswer } },
    },
    async (request) => {
      const company = await app.repos.companies.findById(request.params.id);
      if (!company) throw notFound();
      // Any existing plan, inactive ones too: an admin may keep a company on a plan no longer offered.
      const plan = await app.repos.plans.findById(request.body.plan_id);
      if (!plan) throw fieldError('plan_id', 'The selected plan id is invalid.');
      const change = await changePlan(
        app,
        {
          companyId: company.id,
          toPlanId: plan.id,
          source: 'admin',
          adminId: currentAdmin(request).id,
        },
        { actor: actorOf(request), ip: request.ip },
      );
      if (!change) throw notFound();
      return { data: { company_id: company.id, plan_id: plan.id, plan: presentPlan(plan) } };
    },
  );

  app.get(
    '/api/admin/companies/:id/plan-changes',
    {
      config: { auth: 'admin' },
      schema: { params: IdParams, response: { 200: PlanChangeListAnswer } },
    },
    async (request) => {
      const company = await app.repos.companies.findById(request.params.id);
      if (!company) throw notFound();
      const [changes, plans] = await Promise.all([
        app.repos.planChanges.listForCompany(company.id),
        app.repos.plans.listAll(),
      ]);
      const slugs = new Map(plans.map((plan) => [plan.id, plan.slug]));
      return { data: changes.map((change) => presentPlanChange(change, slugs)) };
    },
  );
}
