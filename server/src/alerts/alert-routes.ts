import {
  AlertRuleAnswer,
  AlertRuleBody,
  AlertRuleListAnswer,
  AlertRuleParams,
  AlertRuleUpdateBody,
  IdParams,
  MAX_ALERT_RULES,
} from '@footfall/contract';
import { presentedChanges } from '../audit/safe-details';
import { canManageAlerts } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import { blankBodyFields } from '../plugins/json-body';
import type { App } from '../types';
import { presentAlertRule } from './alert-presenter';
import { ruleDefinition } from './rule-definition';

/**
 * `/api/companies/{id}/alerts[/{alert_id}]` (docs/api.md "Alerts and webhooks"): a company's alert rules,
 * managed by its owner and admins. Changing a rule re-arms it.
 */
export async function alertRoutes(app: App): Promise<void> {
  const config = { auth: 'user', permission: canManageAlerts } as const;

  app.get(
    '/api/companies/:id/alerts',
    { config, schema: { params: IdParams, response: { 200: AlertRuleListAnswer } } },
    async (request) => ({
      data: (await app.repos.alertRules.list(companyOf(request).id)).map(presentAlertRule),
    }),
  );

  app.post(
    '/api/companies/:id/alerts',
    { config, schema: { params: IdParams, body: AlertRuleBody, response: { 201: AlertRuleAnswer } } },
    async (request, reply) => {
      const company = companyOf(request);
      const definition = await ruleDefinition(app.repos, company.id, request.body);
      // Checked before the insert: two creations racing may pass the cap by one, which is harmless.
      if ((await app.repos.alertRules.list(company.id)).length >= MAX_ALERT_RULES) {
        throw fieldError('kind', `A company can have at most ${MAX_ALERT_RULES} alerts; delete one first.`);
      }
      const rule = await app.repos.alertRules.create(company.id, definition);
      await app.audit.record(request, {
        action: 'alert.created',
        target: { type: 'alert', id: rule.id, label: rule.kind },
        details: { kind: rule.kind, threshold: rule.threshold },
      });
      return reply.code(201).send({ data: presentAlertRule(rule) });
    },
  );

  app.patch(
    '/api/companies/:id/alerts/:alert_id',
    {
      config,
      schema: { params: AlertRuleParams, body: AlertRuleUpdateBody, response: { 200: AlertRuleAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const current = await app.repos.alertRules.find(company.id, request.params.alert_id);
      if (!current) throw notFound();
      const definition = await ruleDefinition(
        app.repos,
        company.id,
        request.body,
        current,
        blankBodyFields(request),
      );
      const updated = await app.repos.alertRules.update(company.id, current.id, definition);
      if (!updated) throw notFound();
      const changes = presentedChanges(presentAlertRule(current), presentAlertRule(updated));
      if (Object.keys(changes).length > 0) {
        await app.audit.record(request, {
          action: 'alert.updated',
          target: { type: 'alert', id: updated.id, label: updated.kind },
          details: changes,
        });
      }
      return { data: presentAlertRule(updated) };
    },
  );

  app.delete(
    '/api/companies/:id/alerts/:alert_id',
    { config, schema: { params: AlertRuleParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const rule = await app.repos.alertRules.find(company.id, request.params.alert_id);
      if (!rule || !(await app.repos.alertRules.delete(company.id, rule.id))) throw notFound();
      await app.audit.record(request, {
        action: 'alert.deleted',
        target: { type: 'alert', id: rule.id, label: rule.kind },
      });
      return reply.code(204).send();
    },
  );
}
