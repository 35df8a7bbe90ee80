import {
  ALERT_LOG_LENGTH,
  AlertChannelAnswer,
  AlertChannelBody,
  AlertChannelListAnswer,
  AlertChannelParams,
  AlertChannelUpdateBody,
  AlertDeliveryAnswer,
  AlertDeliveryListAnswer,
  IdParams,
  MAX_ALERT_CHANNELS,
} from '@footfall/contract';
import { canManageAlerts } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import { takeChannelTestMail } from '../rate-limit/mail-rations';
import type { App } from '../types';
import { testPayload } from './alert-payload';
import { presentAlertChannel, presentAlertDelivery } from './alert-presenter';
import { channelTarget } from './channel-target';
import { claimAndAttempt } from './deliveries';
import { newSigningSecret } from './webhook-signature';

/**
 * `/api/companies/{id}/alert-channels[/{channel_id}[/test|/deliveries]]` (docs/api.md "Alerts and
 * webhooks"): where a company's alerts are delivered, managed by its owner and admins only, since a channel
 * holds addresses and a webhook's signing secret.
 */
export async function alertChannelRoutes(app: App): Promise<void> {
  const allowPrivate = app.config.alertWebhooksAllowPrivate;
  const config = { auth: 'user', permission: canManageAlerts } as const;

  app.get(
    '/api/companies/:id/alert-channels',
    { config, schema: { params: IdParams, response: { 200: AlertChannelListAnswer } } },
    async (request) => ({
      data: (await app.repos.alertChannels.list(companyOf(request).id)).map(presentAlertChannel),
    }),
  );

  app.post(
    '/api/companies/:id/alert-channels',
    { config, schema: { params: IdParams, body: AlertChannelBody, response: { 201: AlertChannelAnswer } } },
    async (request, reply) => {
      const company = companyOf(request);
      const { name, kind } = request.body;
      const target = await channelTarget(kind, request.body.target, allowPrivate);
      // Checked before the insert: two creations racing may pass the cap by one, which is harmless.
      if ((await app.repos.alertChannels.list(company.id)).length >= MAX_ALERT_CHANNELS) {
        throw fieldError(
          'name',
          `A company can have at most ${MAX_ALERT_CHANNELS} alert channels; delete one first.`,
        );
      }
      const secret = kind === 'webhook' ? newSigningSecret() : null;
      const channel = await app.repos.alertChannels.create(company.id, { name, kind, target, secret });
      // A channel's address is left out: a Slack or webhook URL is itself a credential.
      await app.audit.record(request, {
        action: 'alert_channel.created',
        target: { type: 'alert_channel', id: channel.id, label: channel.name },
        details: { kind: channel.kind },
      });
      return reply.code(201).send({ data: presentAlertChannel(channel) });
    },
  );

  app.patch(
    '/api/companies/:id/alert-channels/:channel_id',
    {
      config,
      schema: {
        params: AlertChannelParams,
        body: AlertChannelUpdateBody,
        response: { 200: AlertChannelAnswer },
      },
    },
    async (request) => {
      const company = companyOf(request);
      const current = await app.repos.alertChannels.find(company.id, request.params.channel_id);
      if (!current) throw notFound();
      const { name, target } = request.body;
      const updated = await app.repos.alertChannels.update(company.id, current.id, {
        name: name ?? current.name,
        target:
          target === undefined ? current.target : await channelTarget(current.kind, target, allowPrivate),
      });
      if (!updated) throw notFound();
      const renamed = updated.name !== current.name;
      const readdressed = updated.target !== current.target;
      if (renamed || readdressed) {
        await app.audit.record(request, {
          action: 'alert_channel.updated',
          target: { type: 'alert_channel', id: updated.id, label: updated.name },
          details: {
            ...(renamed && { name: { from: current.name, to: updated.name } }),
            ...(readdressed && { address_changed: true }),
          },
        });
      }
      return { data: presentAlertChannel(updated) };
    },
  );

  app.delete(
    '/api/companies/:id/alert-channels/:channel_id',
    { config, schema: { params: AlertChannelParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const channel = await app.repos.alertChannels.find(company.id, request.params.channel_id);
      if (!channel || !(await app.repos.alertChannels.delete(company.id, channel.id))) throw notFound();
      await app.audit.record(request, {
        action: 'alert_channel.deleted',
        target: { type: 'alert_channel', id: channel.id, label: channel.name },
        details: { kind: channel.kind },
      });
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/companies/:id/alert-channels/:channel_id/test',
    { config, schema: { params: AlertChannelParams, response: { 201: AlertDeliveryAnswer } } },
    async (request, reply) => {
      const company = companyOf(request);
      const channel = await app.repos.alertChannels.find(company.id, request.params.channel_id);
      if (!channel) throw notFound();
      // A test reaches addresses the caller chose (docs/api.md "Limits that hold under attack").
      await takeChannelTestMail(app, company.id);
      const now = app.now();
      const queued = await app.repos.alertDeliveries.create(
        {
          companyId: company.id,
          channelId: channel.id,
          ruleId: null,
          kind: 'test',
          payload: testPayload(app.config.appUrl, company, now),
        },
        now,
      );
      // Sent at once, through the outbox like any alert: a failure is retried with the same back-off.
      const delivery = (await claimAndAttempt(app, queued.id)) ?? queued;
      return reply.code(201).send({ data: presentAlertDelivery(delivery) });
    },
  );

  app.get(
    '/api/companies/:id/alert-channels/:channel_id/deliveries',
    { config, schema: { params: AlertChannelParams, response: { 200: AlertDeliveryListAnswer } } },
    async (request) => {
      const channel = await app.repos.alertChannels.find(companyOf(request).id, request.params.channel_id);
      if (!channel) throw notFound();
      const log = await app.repos.alertDeliveries.listForChannel(channel.id, ALERT_LOG_LENGTH);
      return { data: log.map(presentAlertDelivery) };
    },
  );
}
