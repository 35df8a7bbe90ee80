import type { AlertDelivery, AlertPayload } from '@footfall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../src/scheduler/backoff';
import { type CompanyOwner, companyOwner } from './support/analytics';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';
import {
  startWebhookReceiver,
  verifyFootfallSignature,
  type WebhookReceiver,
} from './support/webhook-receiver';

// Alert channels (docs/api.md "Alerts and webhooks"): e-mail, Slack and signed webhooks, "Send a test",
// the delivery log, retries with back-off, no redirects, and the refusal of private addresses (SSRF).

const t = useTestApp({ env: { ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function api(owner: CompanyOwner, auth = owner.auth) {
  return (method: Method, path = '', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/companies/${owner.companyId}/alert-channels${path}`,
      headers: auth,
      ...(payload !== undefined && { payload: payload as object }),
    });
}

async function webhookChannel(owner: CompanyOwner, target = receiver.url) {
  const created = await api(owner)('POST', '', { name: 'Ops hook', kind: 'webhook', target });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().data as { id: number; secret: string; target: string };
}

async function sendTest(owner: CompanyOwner, channelId: number): Promise<AlertDelivery> {
  const response = await api(owner)('POST', `/${channelId}/test`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

/** Moves the clock past the tasks' interval and runs the due ones, as the timer would. */
async function minuteLater(ms = 61_000) {
  t.clock.advance(ms);
  await t.app.scheduler.tick();
}

describe('webhook channels', () => {
  it('are created with a signing secret, listed, renamed, re-pointed and deleted', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const call = api(owner);
    const channel = await webhookChannel(owner);
    expect(channel.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(channel.target).toBe(receiver.url);
    const listed = (await call('GET')).json().data;
    expect(listed).toEqual([expect.objectContaining({ id: channel.id, kind: 'webhook', name: 'Ops hook' })]);
    const renamed = await call('PATCH', `/${channel.id}`, { name: 'Pager', target: `${receiver.url}?v=2` });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Pager',
      target: `${receiver.url}?v=2`,
      secret: channel.secret,
    });
    expect((await call('DELETE', `/${channel.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${channel.id}`)).statusCode).toBe(404);
    expect((await call('GET')).json().data).toEqual([]);
  });

  it('send a signed test message that the documented check verifies, and log it as sent', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const channel = await webhookChannel(owner);
    const before = receiver.received.length;
    const sentAt = t.clock.now().toISOString();
    const delivery = await sendTest(owner, channel.id);
    expect(delivery).toMatchObject({
      channel_id: channel.id,
      kind: 'test',
      type: 'test',
      status: 'sent',
      attempts: 1,
      last_error: null,
      response_status: 200,
      next_attempt_at: null,
    });
    expect(receiver.received.length).toBe(before + 1);
    const request = receiver.received.at(-1);
    if (!request) throw new Error('nothing received');
    expect(request.method).toBe('POST');
    expect(request.headers['content-type']).toBe('application/json');
    const signature = String(request.headers['footfall-signature']);
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const now = t.clock.now().getTime();
    expect(verifyFootfallSignature(channel.secret, signature, request.body, now)).toBe(true);
    // A changed body, another secret or a stale timestamp fail the same check.
    expect(verifyFootfallSignature(channel.secret, signature, `${request.body} `, now)).toBe(false);
    expect(verifyFootfallSignature(`${channel.secret}x`, signature, request.body, now)).toBe(false);
    expect(verifyFootfallSignature(channel.secret, signature, request.body, now + 301_000)).toBe(false);
    const payload: AlertPayload = JSON.parse(request.body);
    expect(payload).toEqual({
      type: 'test',
      site: { id: owner.companyId, name: 'Analytical Engines', domain: null },
      alert: null,
      message: expect.stringContaining('test message'),
      occurred_at: expect.stringMatching(new RegExp(`^${sentAt.slice(0, 16)}`)),
      dashboard_url: `http://footfall.test/dashboard/${owner.companyId}`,
    });
    const log = (await api(owner)('GET', `/${channel.id}/deliveries`)).json().data;
    expect(log).toEqual([delivery]);
  });

  it('retry a failed delivery with back-off until the receiver takes it', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const channel = await webhookChannel(owner);
    receiver.answerWith({ status: 500 }, { status: 503 }, { status: 200 });
    const before = receiver.received.length;
    const first = await sendTest(owner, channel.id);
    const failedAt = t.clock.now().getTime();
    expect(first).toMatchObject({ status: 'pending', attempts: 1, response_status: 500 });
    expect(first.last_error).toBe('The receiver answered 500.');
    const wait = Date.parse(first.next_attempt_at ?? '') - failedAt;
    expect(wait).toBeGreaterThan(59_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    // Not due yet: a tick half a minute later sends nothing.
    await minuteLater(30_000);
    expect(receiver.received.length).toBe(before + 1);
    await minuteLater(61_000);
    const log = async () =>
      (await api(owner)('GET', `/${channel.id}/deliveries`)).json().data[0] as AlertDelivery;
    expect(await log()).toMatchObject({ status: 'pending', attempts: 2, response_status: 503 });
    // The second wait is twice the first: a minute later it is not due yet, two minutes later it is.
    await minuteLater(61_000);
    expect(receiver.received.length).toBe(before + 2);
    await minuteLater(61_000);
    expect(await log()).toMatchObject({
      status: 'sent',
      attempts: 3,
      response_status: 200,
      last_error: null,
    });
    expect(receiver.received.length).toBe(before + 3);
    receiver.answerWith({ status: 200 });
  });

  it(`give a delivery up as failed after ${MAX_ATTEMPTS} attempts`, async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const channel = await webhookChannel(owner);
    receiver.answerWith({ status: 500 });
    let delivery = await sendTest(owner, channel.id);
    for (let attempt = 2; attempt <= MAX_ATTEMPTS + 1; attempt += 1) {
      await minuteLater(6 * 60 * 60 * 1000 + 1000);
      [delivery] = (await api(owner)('GET', `/${channel.id}/deliveries`)).json().data;
    }
    expect(delivery).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS, next_attempt_at: null });
    expect(delivery.last_error).toBe('The receiver answered 500.');
    receiver.answerWith({ status: 200 });
  });

  it('never follow a redirect: a 3xx is a failed attempt', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const channel = await webhookChannel(owner);
    receiver.answerWith({ status: 302, location: `${receiver.url}/elsewhere` });
    const before = receiver.received.length;
    const delivery = await sendTest(owner, channel.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: 302 });
    expect(delivery.last_error).toContain('redirect not followed');
    expect(receiver.received.length).toBe(before + 1);
    expect(receiver.received.at(-1)?.path).toBe('/hooks/footfall');
    receiver.answerWith({ status: 200 });
  });

  it('log a receiver that cannot be reached', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const closed = await startWebhookReceiver();
    await closed.close();
    const channel = await webhookChannel(owner, closed.url);
    const delivery = await sendTest(owner, channel.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, response_status: null });
    expect(delivery.last_error).toMatch(/ECONNREFUSED/);
  });
});

describe('Slack and e-mail channels', () => {
  it('send Slack a {text, blocks} message, unsigned', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const created = await api(owner)('POST', '', { name: 'Slack', kind: 'slack', target: receiver.url });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.secret).toBeNull();
    const delivery = await sendTest(owner, created.json().data.id);
    expect(delivery.status).toBe('sent');
    const request = receiver.received.at(-1);
    expect(request?.headers['footfall-signature']).toBeUndefined();
    const body = JSON.parse(request?.body ?? '{}');
    expect(body.text).toContain('Test message on Analytical Engines');
    expect(body.blocks[0]).toMatchObject({ type: 'section', text: { type: 'mrkdwn' } });
    expect(body.blocks[1].elements[0].text).toContain(`/dashboard/${owner.companyId}|Open the dashboard>`);
  });

  it('mail the addresses of an e-mail channel, lower-cased, and retry when the mail server is down', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const created = await api(owner)('POST', '', {
      name: 'Team',
      kind: 'email',
      target: 'Ops@Example.com; dev@example.com ops@example.com',
    });
    expect(created.statusCode, created.body).toBe(201);
    const channel = created.json().data;
    expect(channel).toMatchObject({ target: 'ops@example.com, dev@example.com', secret: null });
    const sent = await sendTest(owner, channel.id);
    expect(sent.status).toBe('sent');
    const mail = t.mailer.sent.at(-1);
    expect(mail).toMatchObject({
      to: 'ops@example.com, dev@example.com',
      subject: '[Footfall] Test message on Analytical Engines',
    });
    expect(mail?.html).toContain('Open the dashboard');
    expect(mail?.text).toContain(`http://footfall.test/dashboard/${owner.companyId}`);
    t.mailer.failDeliveries(new Error('down'));
    const failed = await sendTest(owner, channel.id);
    expect(failed).toMatchObject({ status: 'pending', attempts: 1, last_error: 'down' });
    t.mailer.failDeliveries(null);
    await minuteLater();
    const log = (await api(owner)('GET', `/${channel.id}/deliveries`)).json().data;
    expect(log.map((entry: AlertDelivery) => [entry.status, entry.attempts])).toEqual([
      ['sent', 2],
      ['sent', 1],
    ]);
  });
});

describe('channel input and access', () => {
  it('answer 422 on target for addresses and URLs that cannot be used', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const call = api(owner);
    const cases: [string, string, RegExp][] = [
      ['email', 'not an address', /valid e-mail addresses/],
      ['email', ' , ', /at least one e-mail address/],
      ['webhook', 'not a url', /valid URL/],
      ['webhook', 'ftp://example.com/hook', /https URL/],
      ['slack', 'https://user:secret@example.com/hook', /user name or password/],
      ['webhook', 'https://no-such-host.invalid/hook', /could not be resolved/],
    ];
    for (const [kind, target, message] of cases) {
      const response = await call('POST', '', { name: 'Bad', kind, target });
      expect(response.statusCode, `${kind} ${target}`).toBe(422);
      expect(response.json().errors.target[0]).toMatch(message);
    }
    const kind = await call('POST', '', { name: 'Bad', kind: 'sms', target: '+33 6' });
    expect(kind.statusCode).toBe(422);
    expect(Object.keys(kind.json().errors)).toEqual(['kind']);
  });

  it("answer 404 for another company's channel and 403 to viewers", async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const other = await companyOwner(t.app, t.mailer);
    const theirs = await webhookChannel(other);
    const call = api(owner);
    expect((await call('PATCH', `/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('DELETE', `/${theirs.id}`)).statusCode).toBe(404);
    expect((await call('POST', `/${theirs.id}/test`)).statusCode).toBe(404);
    expect((await call('GET', `/${theirs.id}/deliveries`)).statusCode).toBe(404);
    expect((await api(other)('GET')).json().data).toHaveLength(1);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const asViewer = api(owner, viewer.auth);
    expect((await asViewer('GET')).statusCode).toBe(403);
    const refused = await asViewer('POST', '', { name: 'x', kind: 'webhook', target: receiver.url });
    expect(refused.statusCode).toBe(403);
  });
});
