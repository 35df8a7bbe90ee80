import {
  FunnelAnswer,
  FunnelBody,
  FunnelListAnswer,
  FunnelParams,
  IdParams,
  MAX_FUNNELS,
} from '@footfall/contract';
import { canManageFunnels, canViewCompany } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { presentFunnel } from './funnel-presenter';
import { checkFunnelSteps, stepsNotTheCompanys } from './funnel-steps';

/**
 * `/api/companies/{id}/funnels[/{funnel_id}]` (docs/api.md "Funnels"): every member reads a company's
 * funnels; its owner and admins define and delete them. Deleting a goal deletes the funnels naming it.
 */
export async function funnelRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/funnels',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: FunnelListAnswer } },
    },
    async (request) => ({ data: (await app.repos.funnels.list(companyOf(request).id)).map(presentFunnel) }),
  );

  app.get(
    '/api/companies/:id/funnels/:funnel_id',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: FunnelParams, response: { 200: FunnelAnswer } },
    },
    async (request) => {
      const funnel = await app.repos.funnels.find(companyOf(request).id, request.params.funnel_id);
      if (!funnel) throw notFound();
      return { data: presentFunnel(funnel) };
    },
  );

  app.post(
    '/api/companies/:id/funnels',
    {
      config: { auth: 'user', permission: canManageFunnels },
      schema: { params: IdParams, body: FunnelBody, response: { 201: FunnelAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const { name, steps } = request.body;
      const goals = await app.repos.goals.list(company.id);
      checkFunnelSteps(steps, new Set(goals.map((goal) => goal.id)));
      // Checked before the insert: two creations racing may pass the cap by one, which is harmless.
      if ((await app.repos.funnels.count(company.id)) >= MAX_FUNNELS) {
        throw fieldError('name', `A company can have at most ${MAX_FUNNELS} funnels; delete one first.`);
      }
      // Refused here too when one of the goals was deleted since they were listed.
      const funnel = await app.repos.funnels.create(company.id, { name, steps });
      if (!funnel) throw stepsNotTheCompanys();
      await app.audit.record(request, {
        action: 'funnel.created',
        target: { type: 'funnel', id: funnel.id, label: funnel.name },
        details: { steps: funnel.steps },
      });
      return reply.code(201).send({ data: presentFunnel(funnel) });
    },
  );

  app.delete(
    '/api/companies/:id/funnels/:funnel_id',
    { config: { auth: 'user', permission: canManageFunnels }, schema: { params: FunnelParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const funnel = await app.repos.funnels.find(company.id, request.params.funnel_id);
      if (!funnel || !(await app.repos.funnels.delete(company.id, funnel.id))) throw notFound();
      await app.audit.record(request, {
        action: 'funnel.deleted',
        target: { type: 'funnel', id: funnel.id, label: funnel.name },
      });
      return reply.code(204).send();
    },
  );
}
