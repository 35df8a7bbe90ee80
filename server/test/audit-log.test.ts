import type { AuditEvent } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { login, signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';

const t = useTestApp();

const DAY_MS = 24 * 60 * 60 * 1000;

type Auth = Record<string, string>;

async function site(companyName = 'Logged Engines') {
  const owner = await signedInUser(t.app, t.mailer, { name: 'Olive Owner', company_name: companyName });
  const [company] = (await t.app.inject({ url: '/api/companies', headers: owner.auth })).json().data;
  return { owner, companyId: company.id as number };
}

const readLog = (companyId: number, auth: Auth, query = '') =>
  t.app.inject({ url: `/api/companies/${companyId}/audit-log${query}`, headers: auth });

async function entries(companyId: number, auth: Auth, query = ''): Promise<AuditEvent[]> {
  const response = await readLog(companyId, auth, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: AuditEvent[] }>().data;
}

const createGoal = (companyId: number, auth: Auth, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/companies/${companyId}/goals`,
    headers: auth,
    payload: { name, event_name: name.toLowerCase().replace(/\W+/g, '_') },
  });

describe('GET /api/companies/{id}/audit-log', () => {
  it('answers the entries newest first, in the contract shape', async () => {
    const { owner, companyId } = await site();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/companies/${companyId}`,
      headers: owner.auth,
      remoteAddress: '192.0.2.44',
      payload: { timezone: 'Europe/Paris' },
    });
    await createGoal(companyId, owner.auth, 'Signup');
    const response = await readLog(companyId, owner.auth);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<{ data: AuditEvent[]; meta: { cursor: string | null } }>();
    expect(body.meta).toEqual({ cursor: null });
    // The site made at sign-up is the first entry.
    expect(body.data.map((entry) => entry.action)).toEqual(['goal.created', 'site.updated', 'site.created']);
    expect(body.data[1]).toEqual({
      id: expect.any(Number),
      created_at: expect.stringMatching(/Z$/),
      company_id: companyId,
      company_name: 'Logged Engines',
      actor: { kind: 'user', id: owner.id, name: 'Olive Owner', email: owner.email },
      action: 'site.updated',
      target: { type: 'site', id: String(companyId), label: 'Logged Engines' },
      details: { timezone: { from: 'UTC', to: 'Europe/Paris' } },
      ip: '192.0.2.0',
    });
  });

  it('is read by the owner and admins, refused to viewers (403) and to non-members (403)', async () => {
    const { owner, companyId } = await site();
    const admin = await teammate(t.app, t.mailer, owner, companyId, 'admin');
    const viewer = await teammate(t.app, t.mailer, owner, companyId, 'viewer');
    const outsider = await signedInUser(t.app, t.mailer);
    expect((await readLog(companyId, admin.auth)).statusCode).toBe(200);
    const refused = await readLog(companyId, viewer.auth);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the company's owner and admins can read its audit log.");
    expect((await readLog(companyId, outsider.auth)).statusCode).toBe(403);
    expect((await readLog(2_000_000_000, owner.auth)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/companies/${companyId}/audit-log` })).statusCode).toBe(401);
  });

  it("never answers another company's entries", async () => {
    const first = await site('First Co');
    const second = await site('Second Co');
    await createGoal(second.companyId, second.owner.auth, 'Theirs');
    await createGoal(first.companyId, first.owner.auth, 'Ours');
    const listed = await entries(first.companyId, first.owner.auth);
    expect(listed.map((entry) => entry.target?.label)).toEqual(['Ours', 'First Co']);
  });

  it('filters by an action, a group of actions, a member and days', async () => {
    const { owner, companyId } = await site();
    const admin = await teammate(t.app, t.mailer, owner, companyId, 'admin');
    await createGoal(companyId, owner.auth, 'By owner');
    await createGoal(companyId, admin.auth, 'By admin');
    const exact = await entries(companyId, owner.auth, '?action=goal.created');
    expect(exact.map((entry) => entry.target?.label)).toEqual(['By admin', 'By owner']);
    const group = await entries(companyId, owner.auth, '?action=member.');
    expect(group.map((entry) => entry.action).sort()).toEqual(['member.invited', 'member.joined']);
    const mine = await entries(companyId, owner.auth, `?actor=${admin.id}`);
    expect(mine.map((entry) => entry.action)).toEqual(['goal.created', 'member.joined']);
    const today = t.clock.now().toISOString().slice(0, 10);
    const yesterday = new Date(t.clock.now().getTime() - DAY_MS).toISOString().slice(0, 10);
    expect(await entries(companyId, owner.auth, `?from=${today}&to=${today}`)).toHaveLength(5);
    expect(await entries(companyId, owner.auth, `?to=${yesterday}`)).toEqual([]);
    expect(
      await entries(companyId, owner.auth, `?from=${today}&action=goal.&actor=${owner.id}`),
    ).toHaveLength(1);
  });

  it('pages newest first with a cursor until the last page, which has none', async () => {
    const { owner, companyId } = await site();
    for (let index = 1; index <= 5; index += 1) await createGoal(companyId, owner.auth, `Goal ${index}`);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `?action=goal.created&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const response = await readLog(companyId, owner.auth, query);
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json<{ data: AuditEvent[]; meta: { cursor: string | null } }>();
      seen.push(...body.data.map((entry) => entry.target?.label ?? ''));
      cursor = body.meta.cursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['Goal 5', 'Goal 4', 'Goal 3', 'Goal 2', 'Goal 1']);
    // A cursor at the end of the year 9999 or at the epoch is a place in the log like any other, on both
    // databases; one past the year 9999 was never given (a 422, with the hostile values below).
    expect(
      await entries(
        companyId,
        owner.auth,
        `?action=goal.created&cursor=${Date.UTC(9999, 11, 31)}.2147483647`,
      ),
    ).toHaveLength(5);
    expect(await entries(companyId, owner.auth, '?action=goal.created&cursor=0.0')).toEqual([]);
  });

  it('answers 422, never 500, for hostile or wrong filters', async () => {
    const { owner, companyId } = await site();
    const hostile = [
      ['action', 'goal.created\u0000'],
      ['action', 'nothing.at_all'],
      ['action', 'goal'],
      ['action', '%'],
      ['action', 'member_'],
      ['action', "goal.'; drop table audit_events; --"],
      ['action', 'x'.repeat(500)],
      ['actor', 'me'],
      ['actor', '-1'],
      ['actor', '99999999999999'],
      ['from', '2026-02-30'],
      ['from', 'yesterday'],
      ['to', '2026-13-01'],
      ['limit', '0'],
      ['limit', '101'],
      ['limit', 'all'],
      ['cursor', 'abc'],
      ['cursor', '1.2.3'],
      ['cursor', '9999999999999999.1'],
      ['cursor', '999999999999999.1'],
      ['cursor', '1\u0000.1'],
    ];
    for (const [name, value] of hostile) {
      const query = `?${new URLSearchParams({ [name as string]: value as string })}`;
      const response = await readLog(companyId, owner.auth, query);
      expect(response.statusCode, `${name}=${value}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors), `${name}=${value}`).toEqual([name]);
    }
    const backwards = await readLog(companyId, owner.auth, '?from=2026-03-02&to=2026-03-01');
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ to: ['The to field must be a date after or equal to from.'] });
  });
});

describe('GET /api/user/audit-log', () => {
  it("answers the account's own events only, never its companies' or another account's", async () => {
    const { owner, companyId } = await site();
    const other = await signedInUser(t.app, t.mailer);
    await createGoal(companyId, owner.auth, 'Not an account event');
    for (const user of [owner, other]) {
      await t.app.inject({
        method: 'PATCH',
        url: '/api/user',
        headers: user.auth,
        payload: { name: `Renamed ${user.id}` },
      });
    }
    const response = await t.app.inject({
      url: `/api/user/audit-log?actor=${other.id}`,
      headers: owner.auth,
    });
    expect(response.statusCode, response.body).toBe(200);
    const events = response.json<{ data: AuditEvent[] }>().data;
    expect(events.map((entry) => [entry.action, entry.actor.id, entry.company_id])).toEqual([
      ['account.name_changed', owner.id, null],
    ]);
    expect((await t.app.inject({ url: '/api/user/audit-log' })).statusCode).toBe(401);
    const bad = await t.app.inject({ url: '/api/user/audit-log?action=nope', headers: owner.auth });
    expect(bad.statusCode).toBe(422);
  });
});

describe('GET /api/admin/audit-log', () => {
  it("reads every company's entries and the accounts', filtered by company", async () => {
    const admin = await signedInAdmin(t.app);
    const first = await site('Admin Read One');
    const second = await site('Admin Read Two');
    await createGoal(first.companyId, first.owner.auth, 'One');
    await createGoal(second.companyId, second.owner.auth, 'Two');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: first.owner.auth,
      payload: { name: 'Olive Renamed' },
    });
    const all = await t.app.inject({ url: '/api/admin/audit-log?limit=100', headers: admin.auth });
    expect(all.statusCode, all.body).toBe(200);
    const actions = all.json<{ data: AuditEvent[] }>().data;
    expect(actions[0]).toMatchObject({ action: 'account.name_changed', company_id: null });
    expect(actions.map((entry) => entry.company_name)).toEqual(
      expect.arrayContaining(['Admin Read One', 'Admin Read Two']),
    );
    const one = await t.app.inject({
      url: `/api/admin/audit-log?company_id=${first.companyId}&action=goal.`,
      headers: admin.auth,
    });
    expect(one.json<{ data: AuditEvent[] }>().data.map((entry) => entry.target?.label)).toEqual(['One']);
    const accounts = await t.app.inject({ url: '/api/admin/audit-log?action=account.', headers: admin.auth });
    expect(accounts.json<{ data: AuditEvent[] }>().data.every((entry) => entry.company_id === null)).toBe(
      true,
    );
  });

  it('is for admins only, and answers 422 for a bad company filter', async () => {
    const admin = await signedInAdmin(t.app);
    const { owner } = await site();
    expect((await t.app.inject({ url: '/api/admin/audit-log', headers: owner.auth })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/audit-log' })).statusCode).toBe(401);
    for (const value of ['none', '0', '1\u0000']) {
      const response = await t.app.inject({
        url: `/api/admin/audit-log?${new URLSearchParams({ company_id: value })}`,
        headers: admin.auth,
      });
      expect(response.statusCode, response.body).toBe(422);
    }
  });
});

describe('pruning the audit log', () => {
  it('deletes the entries older than a year at the hourly maintenance, and keeps the younger', async () => {
    const { owner, companyId } = await site();
    await createGoal(companyId, owner.auth, 'Old goal');
    t.clock.advance(200 * DAY_MS);
    const again = { authorization: `Bearer ${await login(t.app, owner.email)}` };
    expect((await createGoal(companyId, again, 'Younger goal')).statusCode).toBe(201);
    t.clock.advance(166 * DAY_MS);
    await t.app.scheduler.tick();
    // A year on, the owner's session has expired: the repository reads what is left.
    const left = await t.app.repos.auditEvents.list({ companyId, actions: ['goal.created'] }, 10);
    expect(left.map((entry) => entry.targetLabel)).toEqual(['Younger goal']);
    const deleted = await t.app.repos.auditEvents.pruneBatch(t.clock.now(), 1);
    expect(deleted).toBe(1);
  });
});
