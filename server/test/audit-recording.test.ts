import type { AuditEventRow } from '@footfall/db';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { login, PASSWORD, signedInUser } from './support/accounts';
import { signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';

const t = useTestApp();

// Every route that changes a company or an account writes one entry once the change succeeded: who (the
// caller), what (action, target, changed fields), where (the company) and from which address, truncated.

const OWNER_IP = '203.0.113.77';
const OWNER_IP_STORED = '203.0.113.0';
const ADMIN_IP = '2001:db8:abcd:12:3456:789a:bcde:f012';
const ADMIN_IP_STORED = '2001:db8:abcd::';

type User = Awaited<ReturnType<typeof signedInUser>>;

interface Context {
  owner: User;
  companyId: number;
  admin: User;
  ids: Record<string, number>;
  secrets: string[];
}

let ctx: Context;

const as = (user: { auth: Record<string, string> }, options: InjectOptions) =>
  t.app.inject({ remoteAddress: OWNER_IP, ...options, headers: { ...user.auth, ...options.headers } });
const company = (path = '') => `/api/companies/${ctx.companyId}${path}`;

async function newest(companyId: number | null): Promise<AuditEventRow> {
  const [row] = await t.app.repos.auditEvents.list({ companyId }, 1);
  if (!row) throw new Error('no audit entry');
  return row;
}

function created(response: LightMyRequestResponse, key: string): void {
  expect(response.statusCode, response.body).toBeLessThan(300);
  ctx.ids[key] = response.json<{ data: { id: number } }>().data.id;
}

interface Step {
  name: string;
  run: () => Promise<LightMyRequestResponse>;
  action: string;
  target?: { type: string; label: string | null };
  details?: Record<string, unknown>;
}

const STEPS: Step[] = [
  {
    name: 'editing the settings records the changed fields',
    run: () => as(ctx.owner, { method: 'PATCH', url: company(), payload: { timezone: 'Europe/Paris' } }),
    action: 'site.updated',
    target: { type: 'site', label: 'Audited Engines' },
    details: { timezone: { from: 'UTC', to: 'Europe/Paris' } },
  },
  {
    name: 'inviting a member',
    run: () =>
      as(ctx.owner, {
        method: 'POST',
        url: company('/invitations'),
        payload: { email: 'invitee@example.com', role: 'viewer' },
      }),
    action: 'member.invited',
    target: { type: 'invitation', label: 'invitee@example.com' },
    details: { role: 'viewer' },
  },
  {
    name: 'resending an invitation',
    run: async () => {
      const [pending] = (await as(ctx.owner, { url: company('/invitations') })).json().data;
      ctx.ids.invitation = pending.id;
      return as(ctx.owner, { method: 'POST', url: company(`/invitations/${pending.id}/resend`) });
    },
    action: 'member.invitation_resent',
    target: { type: 'invitation', label: 'invitee@example.com' },
  },
  {
    name: 'revoking an invitation',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/invitations/${ctx.ids.invitation}`) }),
    action: 'member.invitation_revoked',
    target: { type: 'invitation', label: 'invitee@example.com' },
  },
  {
    name: 'changing a role',
    run: () =>
      as(ctx.owner, {
        method: 'PATCH',
        url: company(`/members/${ctx.admin.id}`),
        payload: { role: 'viewer' },
      }),
    action: 'member.role_changed',
    details: { role: { from: 'admin', to: 'viewer' } },
  },
  {
    name: 'creating an API key never keeps its secret',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/api-keys'),
        payload: { name: 'Reporting' },
      });
      created(response, 'key');
      ctx.secrets.push(response.json().data.secret);
      return response;
    },
    action: 'api_key.created',
    target: { type: 'api_key', label: 'Reporting' },
  },
  {
    name: 'revoking an API key',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/api-keys/${ctx.ids.key}`) }),
    action: 'api_key.revoked',
    target: { type: 'api_key', label: 'Reporting' },
  },
  {
    name: 'creating a goal',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/goals'),
        payload: { name: 'Signup', event_name: 'signup' },
      });
      created(response, 'goal');
      return response;
    },
    action: 'goal.created',
    target: { type: 'goal', label: 'Signup' },
  },
  {
    name: 'editing a goal records its changed fields',
    run: () =>
      as(ctx.owner, {
        method: 'PATCH',
        url: company(`/goals/${ctx.ids.goal}`),
        payload: { name: 'Sign-up' },
      }),
    action: 'goal.updated',
    target: { type: 'goal', label: 'Sign-up' },
    details: { name: { from: 'Signup', to: 'Sign-up' } },
  },
  {
    name: 'creating a funnel',
    run: async () => {
      const second = await as(ctx.owner, {
        method: 'POST',
        url: company('/goals'),
        payload: { name: 'Paid', event_name: 'paid' },
      });
      created(second, 'goal2');
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/funnels'),
        payload: { name: 'Signup to paid', steps: [ctx.ids.goal, ctx.ids.goal2] },
      });
      created(response, 'funnel');
      return response;
    },
    action: 'funnel.created',
    target: { type: 'funnel', label: 'Signup to paid' },
  },
  {
    name: 'deleting a funnel',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/funnels/${ctx.ids.funnel}`) }),
    action: 'funnel.deleted',
    target: { type: 'funnel', label: 'Signup to paid' },
  },
  {
    name: 'deleting a goal',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/goals/${ctx.ids.goal2}`) }),
    action: 'goal.deleted',
    target: { type: 'goal', label: 'Paid' },
  },
  {
    name: 'creating a segment',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/segments'),
        payload: { name: 'Pricing readers', filters: { page: '/pricing' } },
      });
      created(response, 'segment');
      return response;
    },
    action: 'segment.created',
    target: { type: 'segment', label: 'Pricing readers' },
  },
  {
    name: 'renaming a segment',
    run: () =>
      as(ctx.owner, {
        method: 'PATCH',
        url: company(`/segments/${ctx.ids.segment}`),
        payload: { name: 'Pricing' },
      }),
    action: 'segment.updated',
    details: { name: { from: 'Pricing readers', to: 'Pricing' } },
  },
  {
    name: 'deleting a segment',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/segments/${ctx.ids.segment}`) }),
    action: 'segment.deleted',
    target: { type: 'segment', label: 'Pricing' },
  },
  {
    name: 'creating a shared link keeps neither its token nor its password',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/shared-links'),
        payload: { name: 'Investors', password: 'a shared secret phrase' },
      });
      created(response, 'link');
      ctx.secrets.push(
        'a shared secret phrase',
        new URL(response.json().data.url).pathname.split('/').at(-1) ?? '',
      );
      return response;
    },
    action: 'shared_link.created',
    target: { type: 'shared_link', label: 'Investors' },
    details: { protected: true, expires_at: null },
  },
  {
    name: 'revoking a shared link',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/shared-links/${ctx.ids.link}`) }),
    action: 'shared_link.revoked',
    target: { type: 'shared_link', label: 'Investors' },
  },
  {
    name: 'writing an annotation',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/annotations'),
        payload: { date: '2026-01-15', text: 'Launch' },
      });
      created(response, 'note');
      return response;
    },
    action: 'annotation.created',
    target: { type: 'annotation', label: 'Launch' },
  },
  {
    name: 'deleting an annotation',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/annotations/${ctx.ids.note}`) }),
    action: 'annotation.deleted',
    target: { type: 'annotation', label: 'Launch' },
  },
  {
    name: 'adding a webhook channel keeps neither its address nor its signing secret',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/alert-channels'),
        payload: { name: 'Ops hook', kind: 'email', target: 'ops-secret-inbox@example.com' },
      });
      created(response, 'channel');
      ctx.secrets.push('ops-secret-inbox');
      return response;
    },
    action: 'alert_channel.created',
    target: { type: 'alert_channel', label: 'Ops hook' },
    details: { kind: 'email' },
  },
  {
    name: 'changing a channel address records only that it changed',
    run: () =>
      as(ctx.owner, {
        method: 'PATCH',
        url: company(`/alert-channels/${ctx.ids.channel}`),
        payload: { target: 'other-secret-inbox@example.com' },
      }),
    action: 'alert_channel.updated',
    details: { address_changed: true },
  },
  {
    name: 'creating an alert',
    run: async () => {
      const response = await as(ctx.owner, {
        method: 'POST',
        url: company('/alerts'),
        payload: { kind: 'spike', threshold: 50, channel_ids: [ctx.ids.channel] },
      });
      created(response, 'alert');
      return response;
    },
    action: 'alert.created',
    details: { kind: 'spike', threshold: 50 },
  },
  {
    name: 'editing an alert',
    run: () =>
      as(ctx.owner, {
        method: 'PATCH',
        url: company(`/alerts/${ctx.ids.alert}`),
        payload: { threshold: 80 },
      }),
    action: 'alert.updated',
    details: { threshold: { from: 50, to: 80 } },
  },
  {
    name: 'deleting an alert',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/alerts/${ctx.ids.alert}`) }),
    action: 'alert.deleted',
  },
  {
    name: 'deleting an alert channel',
    run: () => as(ctx.owner, { method: 'DELETE', url: company(`/alert-channels/${ctx.ids.channel}`) }),
    action: 'alert_channel.deleted',
    target: { type: 'alert_channel', label: 'Ops hook' },
  },
  {
    name: 'choosing e-mail reports',
    run: () =>
      as(ctx.owner, {
        method: 'PUT',
        url: company('/email-reports'),
        payload: { weekly: true, monthly: false },
      }),
    action: 'email_report.changed',
    details: { weekly: { from: false, to: true } },
  },
  {
    name: 'importing events',
    run: () =>
      as(ctx.owner, {
        method: 'POST',
        url: company('/import'),
        headers: { 'content-type': 'application/x-ndjson' },
        payload: JSON.stringify({
          timestamp: new Date(t.clock.now().getTime() - 3_600_000).toISOString(),
          visitor: 'v1',
          type: 'pageview',
          url: 'https://engines.example/',
        }),
      }),
    action: 'import.completed',
    details: { format: 'ndjson', stored: 1, rejected: 0 },
  },
  {
    name: 'moving to a paid plan, as the member who paid, from the address that confirmed',
    run: async () => {
      const starter = (await t.app.repos.plans.list()).find((plan) => plan.slug === 'starter');
      const started = await as(ctx.owner, {
        method: 'POST',
        url: company('/checkout'),
        payload: { plan_id: starter?.id },
      });
      expect(started.statusCode, started.body).toBe(200);
      return t.app.inject({
        method: 'POST',
        url: `/billing/checkout/${started.json().data.session_id}/confirm`,
        remoteAddress: OWNER_IP,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      });
    },
    action: 'plan.changed',
    target: { type: 'plan', label: 'Starter' },
    details: { plan: { from: 'Free', to: 'Starter' }, source: 'checkout' },
  },
  {
    name: 'handing the company over',
    run: () =>
      as(ctx.owner, {
        method: 'POST',
        url: company('/transfer-ownership'),
        payload: { user_id: ctx.admin.id },
      }),
    action: 'ownership.transferred',
  },
];

describe('the audit entries of company changes', () => {
  beforeAll(async () => {
    const owner = await signedInUser(t.app, t.mailer, {
      name: 'Olive Owner',
      company_name: 'Audited Engines',
    });
    const [listed] = (await t.app.inject({ url: '/api/companies', headers: owner.auth })).json().data;
    ctx = { owner, companyId: listed.id, admin: owner, ids: {}, secrets: [] };
    ctx.admin = await teammate(t.app, t.mailer, owner, ctx.companyId, 'admin');
  });

  it('records a member joining, as the member who accepted', async () => {
    const joined = await newest(ctx.companyId);
    expect(joined).toMatchObject({
      action: 'member.joined',
      actorKind: 'user',
      actorId: ctx.admin.id,
      actorEmail: ctx.admin.email,
      targetLabel: ctx.admin.email,
      details: { role: 'admin' },
    });
  });

  for (const step of STEPS) {
    it(`records ${step.name}, by the caller, from a truncated address`, async () => {
      const response = await step.run();
      expect(response.statusCode, response.body).toBeLessThan(400);
      const entry = await newest(ctx.companyId);
      expect(entry).toMatchObject({
        action: step.action,
        companyId: ctx.companyId,
        companyName: 'Audited Engines',
        actorKind: 'user',
        actorId: ctx.owner.id,
        actorName: 'Olive Owner',
        actorEmail: ctx.owner.email,
      });
      expect(entry.ip).toBe(OWNER_IP_STORED);
      if (step.target) expect({ type: entry.targetType, label: entry.targetLabel }).toEqual(step.target);
      if (step.details) expect(entry.details).toMatchObject(step.details);
    });
  }

  it('never keeps a secret, a token, a password or a hash in any entry', async () => {
    const rows = await t.app.repos.auditEvents.list({ companyId: ctx.companyId }, 100);
    expect(rows.length).toBeGreaterThan(STEPS.length);
    const stored = JSON.stringify(rows);
    for (const secret of ctx.secrets) {
      expect(secret.length).toBeGreaterThan(8);
      expect(stored).not.toContain(secret);
    }
    expect(stored).not.toMatch(/password|secret|token|hash|scrypt/i);
  });

  it('records a member being removed and a member leaving', async () => {
    const viewer = await teammate(t.app, t.mailer, ctx.admin, ctx.companyId, 'viewer');
    const leaver = await teammate(t.app, t.mailer, ctx.admin, ctx.companyId, 'viewer');
    const removed = await as(ctx.admin, { method: 'DELETE', url: company(`/members/${viewer.id}`) });
    expect(removed.statusCode, removed.body).toBe(204);
    expect(await newest(ctx.companyId)).toMatchObject({
      action: 'member.removed',
      actorId: ctx.admin.id,
      targetLabel: viewer.email,
      details: { role: 'viewer' },
    });
    const left = await as(leaver, { method: 'DELETE', url: company(`/members/${leaver.id}`) });
    expect(left.statusCode, left.body).toBe(204);
    expect(await newest(ctx.companyId)).toMatchObject({ action: 'member.left', actorId: leaver.id });
  });

  it('keeps the deletion of a company, with its name, after the company is gone', async () => {
    const deleted = await as(ctx.admin, { method: 'DELETE', url: company() });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.app.repos.companies.findById(ctx.companyId)).toBeUndefined();
    expect(await newest(ctx.companyId)).toMatchObject({
      action: 'site.deleted',
      companyName: 'Audited Engines',
      actorId: ctx.admin.id,
      targetType: 'site',
      targetLabel: 'Audited Engines',
    });
  });

  it('records a company created by a member', async () => {
    const response = await as(ctx.owner, {
      method: 'POST',
      url: '/api/companies',
      payload: { name: 'Second Site' },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await newest(response.json().data.id)).toMatchObject({
      action: 'site.created',
      companyName: 'Second Site',
      actorId: ctx.owner.id,
    });
  });
});

describe('the audit entries of account changes', () => {
  it('records the site made at sign-up as made by the new account, from its address', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '198.51.100.200',
      payload: {
        name: 'Nina New',
        email: 'nina.new@example.com',
        password: PASSWORD,
        password_confirmation: PASSWORD,
        company_name: 'Nina Makes',
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    const [entry] = await t.app.repos.auditEvents.list({ actions: ['site.created'] }, 1);
    expect(entry).toMatchObject({
      companyName: 'Nina Makes',
      actorKind: 'user',
      actorName: 'Nina New',
      actorEmail: 'nina.new@example.com',
      ip: '198.51.100.0',
    });
  });

  it('records a name, an address and a password changed, with no company and no password', async () => {
    const user = await signedInUser(t.app, t.mailer, { name: 'Avery Account' });
    const renamed = await as(user, {
      method: 'PATCH',
      url: '/api/user',
      payload: { name: 'Avery A.', email: 'avery.new@example.com', current_password: PASSWORD },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const changed = await as(user, {
      method: 'PUT',
      url: '/api/user/password',
      remoteAddress: '::ffff:198.51.100.23',
      payload: {
        current_password: PASSWORD,
        password: 'a brand new passphrase',
        password_confirmation: 'a brand new passphrase',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const rows = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 10);
    expect(rows.map((row) => row.action)).toEqual([
      'account.password_changed',
      'account.email_changed',
      'account.name_changed',
    ]);
    expect(rows[0]).toMatchObject({
      companyId: null,
      ip: '198.51.100.0',
      actorEmail: 'avery.new@example.com',
    });
    expect(rows[1]?.details).toEqual({ email: { from: user.email, to: 'avery.new@example.com' } });
    expect(rows[2]?.details).toEqual({ name: { from: 'Avery Account', to: 'Avery A.' } });
    expect(JSON.stringify(rows)).not.toContain('passphrase');
  });

  it('records sessions signed out, one or all the others', async () => {
    const user = await signedInUser(t.app, t.mailer);
    await login(t.app, user.email);
    await login(t.app, user.email);
    const sessions = (await as(user, { url: '/api/user/sessions' })).json().data as {
      id: string;
      current: boolean;
    }[];
    const other = sessions.find((session) => !session.current);
    const one = await as(user, { method: 'DELETE', url: `/api/user/sessions/${other?.id}` });
    expect(one.statusCode, one.body).toBe(204);
    const [single] = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 1);
    expect(single).toMatchObject({
      action: 'account.session_revoked',
      targetType: 'session',
      targetId: other?.id,
    });
    const all = await as(user, { method: 'DELETE', url: '/api/user/sessions' });
    expect(all.statusCode, all.body).toBe(204);
    const [rest] = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 1);
    expect(rest).toMatchObject({ action: 'account.sessions_revoked', details: { count: 1 } });
  });

  it('records a password reset as done by the account, from the address that used the link', async () => {
    const user = await signedInUser(t.app, t.mailer);
    await t.app.inject({ method: 'POST', url: '/api/password/email', payload: { email: user.email } });
    const link = new URL(t.mailer.lastLinkTo(user.email));
    const token = link.searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/password/reset?token=${token}&email=${encodeURIComponent(user.email)}`,
      remoteAddress: '2001:db8:1:2:3:4:5:6',
      payload: { password: 'another long passphrase', password_confirmation: 'another long passphrase' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const [entry] = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 1);
    expect(entry).toMatchObject({ action: 'account.password_reset', ip: '2001:db8:1::', actorKind: 'user' });
  });

  it('records a deleted account and the companies it owned', async () => {
    const user = await signedInUser(t.app, t.mailer, { company_name: 'Gone With Me' });
    const [listed] = (await as(user, { url: '/api/companies' })).json().data;
    const deleted = await as(user, {
      method: 'DELETE',
      url: '/api/user',
      payload: { email: user.email, current_password: user.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [site] = await t.app.repos.auditEvents.list({ companyId: listed.id }, 1);
    expect(site).toMatchObject({
      action: 'site.deleted',
      companyName: 'Gone With Me',
      details: { with_account: true },
    });
    const [account] = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 1);
    expect(account).toMatchObject({ action: 'account.deleted', targetLabel: user.email });
  });
});

describe('the audit entries of admins', () => {
  it('records an admin suspending a company and a user, as the admin, from a truncated IPv6 address', async () => {
    const admin = await signedInAdmin(t.app, 'Grace Admin');
    const user = await signedInUser(t.app, t.mailer, { company_name: 'Suspended Co' });
    const [listed] = (await as(user, { url: '/api/companies' })).json().data;
    const suspended = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/companies/${listed.id}`,
      headers: admin.auth,
      remoteAddress: ADMIN_IP,
      payload: { suspended: true, description: 'Spam' },
    });
    expect(suspended.statusCode, suspended.body).toBe(200);
    const rows = await t.app.repos.auditEvents.list({ companyId: listed.id }, 2);
    expect(rows.map((row) => row.action).sort()).toEqual(['site.suspended', 'site.updated']);
    for (const row of rows) {
      expect(row).toMatchObject({
        actorKind: 'admin',
        actorId: admin.id,
        actorName: 'Grace Admin',
        ip: ADMIN_IP_STORED,
      });
    }
    const userSuspended = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${user.id}`,
      headers: admin.auth,
      payload: { suspended: true },
    });
    expect(userSuspended.statusCode, userSuspended.body).toBe(200);
    const [account] = await t.app.repos.auditEvents.list(
      { companyId: null, actions: ['account.suspended'] },
      1,
    );
    expect(account).toMatchObject({ actorKind: 'admin', targetId: String(user.id), companyId: null });
  });

  it('records a plan set by an admin', async () => {
    const admin = await signedInAdmin(t.app);
    const user = await signedInUser(t.app, t.mailer);
    const [listed] = (await as(user, { url: '/api/companies' })).json().data;
    const plans = await t.app.repos.plans.list();
    const other = plans.find((plan) => plan.slug !== listed.plan);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/companies/${listed.id}/plan`,
      headers: admin.auth,
      payload: { plan_id: other?.id },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [entry] = await t.app.repos.auditEvents.list({ companyId: listed.id }, 1);
    expect(entry).toMatchObject({
      action: 'plan.changed',
      actorKind: 'admin',
      actorId: admin.id,
      details: { plan: { to: other?.name }, source: 'admin' },
    });
  });
});

describe('a failing audit write', () => {
  it('is logged and does not fail the change it records', async () => {
    const user = await signedInUser(t.app, t.mailer);
    const [listed] = (await as(user, { url: '/api/companies' })).json().data;
    const insert = t.app.repos.auditEvents.insert;
    t.app.repos.auditEvents.insert = async () => {
      throw new Error('disk full');
    };
    try {
      const response = await as(user, {
        method: 'POST',
        url: `/api/companies/${listed.id}/goals`,
        payload: { name: 'Still saved', event_name: 'x' },
      });
      expect(response.statusCode, response.body).toBe(201);
    } finally {
      t.app.repos.auditEvents.insert = insert;
    }
  });
});
