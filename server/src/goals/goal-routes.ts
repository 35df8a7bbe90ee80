import {
  GoalAnswer,
  GoalBody,
  GoalListAnswer,
  GoalParams,
  GoalUpdateBody,
  IdParams,
  MAX_GOALS,
} from '@footfall/contract';
import { presentedChanges } from '../audit/safe-details';
import { canManageGoals, canViewCompany } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import { blankBodyFields } from '../plugins/json-body';
import type { App } from '../types';
import { goalDefinition } from './goal-definition';
import { presentGoal } from './goal-presenter';

/**
 * `/api/companies/{id}/goals[/{goal_id}]` (docs/api.md "Goals"): every member reads a company's goals; its
 * owner and admins define, change and delete them. Deleting a goal deletes the funnels naming it.
 */
export async function goalRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/goals',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: GoalListAnswer } },
    },
    async (request) => ({ data: (await app.repos.goals.list(companyOf(request).id)).map(presentGoal) }),
  );

  app.post(
    '/api/companies/:id/goals',
    {
      config: { auth: 'user', permission: canManageGoals },
      schema: { params: IdParams, body: GoalBody, response: { 201: GoalAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const definition = goalDefinition(request.body);
      // Checked before the insert: two creations racing may pass the cap by one, which is harmless.
      if ((await app.repos.goals.count(company.id)) >= MAX_GOALS) {
        throw fieldError('name', `A company can have at most ${MAX_GOALS} goals; delete one first.`);
      }
      const goal = await app.repos.goals.create(company.id, definition);
      await app.audit.record(request, {
        action: 'goal.created',
        target: { type: 'goal', id: goal.id, label: goal.name },
      });
      return reply.code(201).send({ data: presentGoal(goal) });
    },
  );

  app.patch(
    '/api/companies/:id/goals/:goal_id',
    {
      config: { auth: 'user', permission: canManageGoals },
      schema: { params: GoalParams, body: GoalUpdateBody, response: { 200: GoalAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const current = await app.repos.goals.find(company.id, request.params.goal_id);
      if (!current) throw notFound();
      // A blank (null or empty) field reaches the handler as absent: here it means "drop it".
      const blank = blankBodyFields(request);
      const body = {
        ...request.body,
        ...(blank.has('prop') && { prop: null }),
        ...(blank.has('revenue_currency') && { revenue_currency: null }),
      };
      const updated = await app.repos.goals.update(company.id, current.id, goalDefinition(body, current));
      if (!updated) throw notFound();
      const changes = presentedChanges(presentGoal(current), presentGoal(updated));
      if (Object.keys(changes).length > 0) {
        await app.audit.record(request, {
          action: 'goal.updated',
          target: { type: 'goal', id: updated.id, label: updated.name },
          details: changes,
        });
      }
      return { data: presentGoal(updated) };
    },
  );

  app.delete(
    '/api/companies/:id/goals/:goal_id',
    { config: { auth: 'user', permission: canManageGoals }, schema: { params: GoalParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const goal = await app.repos.goals.find(company.id, request.params.goal_id);
      if (!goal || !(await app.repos.goals.delete(company.id, goal.id))) throw notFound();
      await app.audit.record(request, {
        action: 'goal.deleted',
        target: { type: 'goal', id: goal.id, label: goal.name },
      });
      return reply.code(204).send();
    },
  );
}
