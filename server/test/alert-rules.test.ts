import type { AlertPayload } from '@footfall/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAdmin } from './support/admins';
import { type CompanyOwner, companyOwner } from './support/analytics';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';
import { track } from './support/tracking';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver';

// Alert rules (docs/api.md "Alerts and webhooks"): spikes, drops and goals, each firing once and re-arming,
// evaluated by the scheduler every minute and delivered to a real receiver.

const t = useTestApp({ env: { ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true' } });
let receiver: WebhookReceiver;
const HOUR = 60 * 60 * 1000;
const SITE = 'https://engines.example';

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

function rules(owner: CompanyOwner, auth = owner.auth) {
  return (method: Method, path = '', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/companies/${owner.companyId}/alerts${path}`,
      headers: auth,
      ...(payload !== undefined && { payload: payload as object }),
    });
}

/** A site whose alerts go to a webhook channel on the receiver, under its own path. */
async function site() {
  const owner = await companyOwner(t.app, t.mailer);
  const channel = await t.app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/alert-channels`,
    headers: owner.auth,
    payload: { name: 'Hook', kind: 'webhook', target: `${receiver.url}/${owner.companyId}` },
  });
  expect(channel.statusCode, channel.body).toBe(201);
  const channelId = channel.json().data.id as number;
  const rule = async (body: Record<string, unknown>) => {
    const response = await rules(owner)('POST', '', { channel_ids: [channelId], ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data as { id: number; state: string };
  };
  const messages = (): AlertPayload[] =>
    receiver.received
      .filter((request) => request.path.endsWith(`/${owner.companyId}`))
      .map((request) => JSON.parse(request.body));
  return { owner, channelId, rule, messages };
}

/** Events from `count` visitors, each from its own address, stored before the next evaluation. */
async function visitors(owner: CompanyOwner, count: number, event?: string) {
  for (let index = 0; index < count; index += 1) {
    const body = event
      ? { company: owner.trackingKey, type: 'event', name: event, url: `${SITE}/signup` }
      : { company: owner.trackingKey, type: 'pageview', url: `${SITE}/` };
    expect((await track(t.app, body)).statusCode).toBe(202);
  }
  await t.app.ingestion.drain();
}

/** Moves the clock past the tasks' interval and runs the due ones, as the timer would. */
async function later(ms = 61_000) {
  t.clock.advance(ms);
  await t.app.scheduler.tick();
}

/**
 * Forward to the next noon UTC, so that the hours a test spans stay in one day. Never backwards: the
 * scheduler's leases, taken at the clock's time, would hold the tasks back.
 */
async function toNextNoon() {
  const now = t.clock.now();
  const noon = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12);
  await later((noon > now.getTime() ? noon : noon + 24 * HOUR) - now.getTime());
}

describe('alert rules', () => {
  it('are created, listed, changed, disabled and deleted', async () => {
    const { owner, channelId, rule } = await site();
    const created = await rule({ kind: 'spike', threshold: 20 });
    expect(created).toMatchObject({
      kind: 'spike',
      threshold: 20,
      goal_id: null,
      event_name: null,
      channel_ids: [channelId],
      enabled: true,
      state: 'armed',
      last_fired_at: null,
    });
    const call = rules(owner);
    const changed = await call('PATCH', `/${created.id}`, { threshold: 50, enabled: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ threshold: 50, enabled: false, channel_ids: [channelId] });
    expect((await call('GET')).json().data).toEqual([changed.json().data]);
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/goals`,
      headers: owner.auth,
      payload: { name: 'Signup', event_name: 'Signup' },
    });
    const byEvent = await rule({ kind: 'goal', threshold: 3, event_name: 'Download' });
    const switched = await call('PATCH', `/${byEvent.id}`, {
      event_name: null,
      goal_id: goal.json().data.id,
    });
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().data).toMatchObject({ goal_id: goal.json().data.id, event_name: null });
    expect((await call('DELETE', `/${created.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${created.id}`)).statusCode).toBe(404);
  });

  it('answer 422 for thresholds, goals, events and channels that do not fit the kind', async () => {
    const { owner, channelId } = await site();
    const other = await site();
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${other.owner.companyId}/goals`,
      headers: other.owner.auth,
      payload: { name: 'Theirs', event_name: 'Theirs' },
    });
    const call = rules(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'drop', threshold: 169 }, 'threshold'],
      [{ kind: 'spike', threshold: 0 }, 'threshold'],
      [{ kind: 'goal', threshold: 5 }, 'goal_id'],
      [{ kind: 'goal', threshold: 5, goal_id: goal.json().data.id }, 'goal_id'],
      [{ kind: 'goal', threshold: 5, event_name: 'a', goal_id: goal.json().data.id }, 'goal_id'],
      [{ kind: 'spike', threshold: 5, event_name: 'Signup' }, 'event_name'],
      [{ kind: 'spike', threshold: 5, channel_ids: [other.channelId] }, 'channel_ids'],
      [{ kind: 'spike', threshold: 5, channel_ids: [] }, 'channel_ids'],
      [{ kind: 'storm', threshold: 5 }, 'kind'],
    ];
    for (const [body, field] of cases) {
      const response = await call('POST', '', { channel_ids: [channelId], ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(response.json().errors), JSON.stringify(body)).toContain(field);
    }
    const theirs = await other.rule({ kind: 'spike', threshold: 5 });
    expect((await call('PATCH', `/${theirs.id}`, { threshold: 6 })).statusCode).toBe(404);
    expect((await call('DELETE', `/${theirs.id}`)).statusCode).toBe(404);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    expect((await rules(owner, viewer.auth)('GET')).statusCode).toBe(403);
  });

  it('a spike fires once above N, re-arms at N or below, and waits out its cool-down', async () => {
    await toNextNoon();
    const { owner, rule, messages } = await site();
    const spike = await rule({ kind: 'spike', threshold: 2 });
    await visitors(owner, 2);
    await later();
    expect(messages()).toEqual([]);
    await visitors(owner, 1);
    await later();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({
      type: 'spike',
      site: { id: owner.companyId },
      alert: { id: spike.id, kind: 'spike', threshold: 2, value: 3 },
      message: "3 visitors on the site right now, above the alert's 2.",
    });
    await later();
    expect(messages()).toHaveLength(1);
    expect((await rules(owner)('GET')).json().data[0].state).toBe('firing');
    // Five minutes later the visitors are no longer realtime: the rule re-arms, silently.
    await later(6 * 60_000);
    expect((await rules(owner)('GET')).json().data[0].state).toBe('armed');
    await visitors(owner, 3);
    await later();
    expect(messages()).toHaveLength(1);
    // An hour after the first, a spike fires again.
    await later(HOUR);
    await visitors(owner, 3);
    await later();
    expect(messages().map((message) => message.type)).toEqual(['spike', 'spike']);
  });

  it('a drop fires once after N hours without events, and says so when events return', async () => {
    await toNextNoon();
    const quiet = await site();
    await quiet.rule({ kind: 'drop', threshold: 1 });
    const { owner, rule, messages } = await site();
    await rule({ kind: 'drop', threshold: 2 });
    await visitors(owner, 1);
    await later();
    await later(HOUR);
    expect(messages()).toEqual([]);
    await later(HOUR);
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({ type: 'drop', alert: { kind: 'drop', threshold: 2, value: 2 } });
    expect(messages()[0]?.message).toMatch(/^No events for 2 hours, since .*tracking snippet/);
    // The moment on the site's clock (this site keeps UTC), as its dashboard tells it, not a raw timestamp.
    expect(messages()[0]?.message).toMatch(
      /, since [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M UTC: /,
    );
    await later(HOUR);
    expect(messages()).toHaveLength(1);
    await visitors(owner, 1);
    await later();
    expect(messages().map((message) => message.type)).toEqual(['drop', 'recovered']);
    await later(2 * HOUR);
    expect(messages().map((message) => message.type)).toEqual(['drop', 'recovered', 'drop']);
    // A site that never had an event has nothing to drop from.
    expect(quiet.messages()).toEqual([]);
  });

  it("a goal fires once a local day when today's conversions reach N, by goal or by event name", async () => {
    await toNextNoon();
    const { owner, rule, messages } = await site();
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/goals`,
      headers: owner.auth,
      payload: { name: 'Signup', event_name: 'Signup' },
    });
    const goalId = goal.json().data.id as number;
    const byGoal = await rule({ kind: 'goal', threshold: 2, goal_id: goalId });
    const byEvent = await rule({ kind: 'goal', threshold: 1, event_name: 'Download' });
    await visitors(owner, 1, 'Signup');
    await later();
    expect(messages()).toEqual([]);
    await visitors(owner, 1, 'Signup');
    await visitors(owner, 1, 'Download');
    await later();
    const fired = messages();
    expect(fired.map((message) => [message.type, message.alert?.id, message.alert?.value]).sort()).toEqual(
      [
        ['goal', byGoal.id, 2],
        ['goal', byEvent.id, 1],
      ].sort(),
    );
    expect(fired.find((message) => message.alert?.id === byEvent.id)?.message).toBe(
      '1 "Download" event today, reaching the alert\'s 1.',
    );
    await visitors(owner, 1, 'Signup');
    await later();
    expect(messages()).toHaveLength(2);
    // The next day counts from zero, and fires again once it reaches N.
    await later(24 * HOUR);
    expect(messages()).toHaveLength(2);
    await visitors(owner, 2, 'Signup');
    await later();
    expect(messages().filter((message) => message.alert?.id === byGoal.id)).toHaveLength(2);
  });

  it("a suspended site's alerts stay quiet, and speak again once it is reinstated", async () => {
    await toNextNoon();
    const { owner, rule, messages } = await site();
    await rule({ kind: 'drop', threshold: 1 });
    await visitors(owner, 1);
    await later();
    const admin = await signedInAdmin(t.app);
    const suspend = (suspended: boolean) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/admin/companies/${owner.companyId}`,
        headers: admin.auth,
        payload: { suspended },
      });
    expect((await suspend(true)).statusCode).toBe(200);
    await later(2 * HOUR);
    expect(messages()).toEqual([]);
    expect((await suspend(false)).statusCode).toBe(200);
    await later();
    expect(messages().map((message) => message.type)).toEqual(['drop']);
  });

  it('disabled rules and deleted goals send nothing', async () => {
    await toNextNoon();
    const { owner, rule, messages } = await site();
    const disabled = await rule({ kind: 'spike', threshold: 1 });
    await rules(owner)('PATCH', `/${disabled.id}`, { enabled: false });
    const goal = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/goals`,
      headers: owner.auth,
      payload: { name: 'Signup', event_name: 'Signup' },
    });
    await rule({ kind: 'goal', threshold: 1, goal_id: goal.json().data.id });
    await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${owner.companyId}/goals/${goal.json().data.id}`,
      headers: owner.auth,
    });
    expect((await rules(owner)('GET')).json().data).toHaveLength(1);
    await visitors(owner, 3, 'Signup');
    await later();
    expect(messages()).toEqual([]);
  });
});
