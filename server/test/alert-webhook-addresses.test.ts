import { describe, expect, it } from 'vitest';
import { companyOwner } from './support/analytics';
import { useTestApp } from './support/app';
import { startWebhookReceiver } from './support/webhook-receiver';

// Without ALERT_WEBHOOKS_ALLOW_PRIVATE, webhook and Slack URLs must be https and resolve to public
// addresses only, at creation and again at every delivery (docs/api.md "Alerts and webhooks").

const t = useTestApp();

const PRIVATE_TARGETS = [
  'https://10.0.0.1/hook',
  'https://192.168.1.20/hook',
  'https://169.254.169.254/latest/meta-data',
  'https://100.64.0.1/hook',
  'https://127.0.0.1/hook',
  'https://[::1]/hook',
  'https://[::ffff:127.0.0.1]/hook',
  'https://[::ffff:a00:1]/hook',
  // Every IPv6 spelling of a private IPv4 address (docs/api.md "Limits that hold under attack").
  'https://[::127.0.0.1]/hook',
  'https://[::a00:1]/hook',
  'https://[::ffff:0:127.0.0.1]/hook',
  'https://[64:ff9b::127.0.0.1]/hook',
  'https://[64:ff9b::a9fe:a9fe]/hook',
  'https://[2002:7f00:1::1]/hook',
  'https://2130706433/hook',
  'https://0x7f.1/hook',
  'https://[fd00::1]/hook',
  'https://[fe80::1]/hook',
  'https://0.0.0.0/hook',
  'https://224.0.0.1/hook',
  'https://localhost/hook',
];

describe('webhook addresses without the private-address override', () => {
  it('refuse private, loopback, link-local, unique-local, CGNAT, multicast and unspecified hosts with 422', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    for (const kind of ['webhook', 'slack']) {
      for (const target of PRIVATE_TARGETS) {
        const response = await t.app.inject({
          method: 'POST',
          url: `/api/companies/${owner.companyId}/alert-channels`,
          headers: owner.auth,
          payload: { name: 'Internal', kind, target },
        });
        expect(response.statusCode, `${kind} ${target}`).toBe(422);
        expect(response.json().errors.target[0]).toMatch(/private, loopback or reserved address/);
      }
    }
  });

  it('refuse plain http', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/alert-channels`,
      headers: owner.auth,
      payload: { name: 'Plain', kind: 'webhook', target: 'http://93.184.215.14/hook' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.target).toEqual(['The target must be an https URL.']);
  });

  it('check again at delivery: a stored private URL is not requested and the attempt is logged', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const receiver = await startWebhookReceiver();
    try {
      // As if it had been stored while the override was on, or its name resolved elsewhere then.
      const channel = await t.app.repos.alertChannels.create(owner.companyId, {
        name: 'Was public',
        kind: 'webhook',
        target: receiver.url,
        secret: 'whsec_test',
      });
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/companies/${owner.companyId}/alert-channels/${channel.id}/test`,
        headers: owner.auth,
      });
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().data).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
      expect(response.json().data.last_error).toBe('The target must be an https URL.');
      expect(receiver.received).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});
