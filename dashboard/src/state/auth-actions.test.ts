import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { requestOf, urlOf } from '../../test/support/recorded-request';
import {
  fetchWithJar,
  type ScriptedServer,
  sealEnvelope,
  startScriptedServer,
} from '../../test/support/scripted-server';
import { deleteAccount, getUser } from '../api/account';
import { adminLogout, getAdmin } from '../api/admin-auth';
import { getAnalyticsDetail } from '../api/analytics';
import { createApiClient } from '../api/client';
import { listCompanies } from '../api/companies';
import { memoryCookies } from '../api/cookies';
import { createAnalyticsActions } from './analytics-actions';
import { createAnalyticsStore } from './analytics-store';
import { createAuthActions } from './auth-actions';
import { createAuthStore, FORM_ERROR, trackActivity } from './auth-store';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer();
});
afterAll(() => server.close());
beforeEach(() => {
  server.received.length = 0;
});

const user = {
  id: 1,
  name: 'Ada',
  email: 'ada@example.com',
  email_verified_at: null,
  created_at: '2026-11-01T00:00:00.000Z',
  companies: [{ id: 4, name: 'Acme', role: 'owner', plan: 'free' }],
};

function setUp(cookieValues: Record<string, string> = { 'XSRF-TOKEN': 'x' }) {
  const cookies = memoryCookies(cookieValues);
  const auth = createAuthStore(cookies.get('token') ?? null);
  const analytics = createAnalyticsStore();
  const client = createApiClient({
    baseUrl: server.url,
    fetch: fetchWithJar(cookies),
    cookies,
    onActivity: (started) => trackActivity(auth, started),
  });
  return {
    cookies,
    auth,
    analytics,
    actions: createAuthActions({ client, auth, analytics, cookies, secure: false }),
    analyticsActions: createAnalyticsActions({ client, analytics }),
  };
}

describe('the user fetch', () => {
  it('stores the decrypted user', async () => {
    const { actions, auth } = setUp({ token: 't' });
    server.answer(() => ({ body: sealEnvelope(user) }));
    await actions.fetchUser();
    expect(auth.state.user).toEqual(user);
  });

  it('clears the token when it fails', async () => {
    const { actions, auth, cookies } = setUp({ token: 'stale' });
    server.answer(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    await expect(actions.fetchUser()).rejects.toMatchObject({ status: 401 });
    expect(cookies.get('token')).toBeUndefined();
    expect(auth.state).toMatchObject({ user: null, token: null });
  });

  it('ensureUser asks once for callers at the same moment, and answers null without a token', async () => {
    const { actions } = setUp({ token: 't' });
    server.answer(() => ({ body: sealEnvelope(user) }));
    const [a, b] = await Promise.all([actions.ensureUser(), actions.ensureUser()]);
    expect(a).toEqual(user);
    expect(b).toEqual(user);
    expect(server.received).toHaveLength(1);
    await expect(setUp({}).actions.ensureUser()).resolves.toBeNull();
  });
});

describe('login and logout', () => {
  const loginAnswer = {
    success: true,
    message: 'Signed in.',
    data: { token: 'new.token.x', token_type: 'Bearer', expires_at: '2027-01-01T00:00:00.000Z', user },
  };

  it('keeps the token and the user after a successful login', async () => {
    const { actions, auth, cookies } = setUp();
    server.answer(() => ({ body: loginAnswer }));
    await actions.login({ email: 'ada@example.com', password: 'secret123', remember: true });
    expect(cookies.get('token')).toBe('new.token.x');
    expect(auth.state).toMatchObject({ token: 'new.token.x', user });
  });

  it('returns an unverified answer without keeping anything', async () => {
    const { actions, auth, cookies } = setUp();
    const unverified = {
      success: false,
      message: 'Your email address is not verified.',
      data: { status: 'unverified', user_id: 1 },
    };
    server.answer(() => ({ body: unverified }));
    await expect(actions.login({ email: 'a@b.co', password: 'x' })).resolves.toEqual(unverified);
    expect(cookies.get('token')).toBeUndefined();
    expect(auth.state.user).toBeNull();
  });

  it('logout clears the user, the token and the analytics even when the call fails', async () => {
    const { actions, auth, analytics, cookies } = setUp({ 'XSRF-TOKEN': 'x', token: 't' });
    auth.setState((state) => ({ ...state, user: user as never }));
    analytics.setState(() => ({ company_analytic: { summary: {} } as never }));
    server.answer(() => ({ status: 500, body: { message: 'Server Error' } }));
    await expect(actions.logout()).resolves.toBeUndefined();
    expect(cookies.get('token')).toBeUndefined();
    expect(auth.state).toMatchObject({ user: null, token: null });
    expect(analytics.state.company_analytic).toEqual({});
  });
});

describe('memberships and the account', () => {
  const company = { id: 9, name: 'Other', role: 'viewer', plan: 'free' };

  it('refreshCompanies loads the user and the companies again, so a site left is gone from both', async () => {
    const { actions, auth } = setUp({ token: 't' });
    auth.setState((state) => ({
      ...state,
      user: { ...user, companies: [...user.companies, company] } as never,
      userDetails: [{ id: 9 }, { id: 4 }] as never,
    }));
    server.answer((request) =>
      request.url === urlOf(getUser)
        ? { body: sealEnvelope(user) }
        : { body: { data: [{ id: 4, name: 'Acme', role: 'owner' }] } },
    );
    await actions.refreshCompanies();
    expect(server.received.map((request) => request.url).sort()).toEqual(
      [urlOf(listCompanies), urlOf(getUser)].sort(),
    );
    expect(auth.state.user?.companies.map((listed) => listed.id)).toEqual([4]);
    expect(auth.state.userDetails?.map((listed) => listed.id)).toEqual([4]);
  });

  it('deleteAccount sends the typed address and then forgets the session', async () => {
    const { actions, auth, cookies } = setUp({ 'XSRF-TOKEN': 'x', token: 't' });
    auth.setState((state) => ({ ...state, user: user as never }));
    server.answer(() => ({ status: 204 }));
    await actions.deleteAccount({ email: 'Ada@Example.com' });
    const { method, url } = requestOf((client) => deleteAccount(client, { email: 'Ada@Example.com' }));
    expect(server.received[0]).toMatchObject({ method, url });
    expect(JSON.parse(server.received[0]?.body ?? '')).toEqual({ email: 'Ada@Example.com' });
    expect(cookies.get('token')).toBeUndefined();
    expect(auth.state).toMatchObject({ user: null, token: null });
  });

  it('deleteAccount keeps the session when the server refuses the address', async () => {
    const { actions, auth, cookies } = setUp({ 'XSRF-TOKEN': 'x', token: 't' });
    auth.setState((state) => ({ ...state, user: user as never }));
    server.answer(() => ({
      status: 422,
      body: {
        message: 'Invalid.',
        errors: { email: ['Type the email address of this account to confirm.'] },
      },
    }));
    await expect(actions.deleteAccount({ email: 'someone@else.com' })).rejects.toMatchObject({ status: 422 });
    expect(cookies.get('token')).toBe('t');
    expect(auth.state.user).toEqual(user);
  });
});

describe('registration', () => {
  it('turns the loading flag on, then off, and stores the success message', async () => {
    const { actions, auth } = setUp();
    const seen: boolean[] = [];
    auth.subscribe((state) => seen.push(state.registerLoading));
    server.answer(() => ({
      status: 201,
      body: sealEnvelope({
        success: true,
        message: 'Check your email.',
        data: { status: 'verification-sent', user_id: 3 },
      }),
    }));
    await actions.register({ name: 'A', email: 'a@b.co', password: 'password1', company_name: 'C' });
    expect(auth.state).toMatchObject({
      registerLoading: false,
      successMsg: 'Check your email.',
      validationError: {},
    });
    expect(seen).toContain(true);
  });

  it('stores 422 field errors as validationError', async () => {
    const { actions, auth } = setUp();
    const errors = { email: ['The email has already been taken.'] };
    server.answer(() => ({ status: 422, body: { message: 'The given data was invalid.', errors } }));
    await expect(
      actions.register({ name: 'A', email: 'a@b.co', password: 'password1', company_name: 'C' }),
    ).rejects.toMatchObject({ status: 422 });
    expect(auth.state).toMatchObject({ registerLoading: false, validationError: errors, successMsg: '' });
  });

  it('stores a success:false message as the form error', async () => {
    const { actions, auth } = setUp();
    server.answer(() => ({ body: sealEnvelope({ success: false, message: 'Registration is closed.' }) }));
    await actions.register({ name: 'A', email: 'a@b.co', password: 'password1', company_name: 'C' });
    expect(auth.state.validationError).toEqual({ [FORM_ERROR]: ['Registration is closed.'] });
  });
});

describe('the loading flag and apiCount', () => {
  it('counts requests in flight and turns the loader off when all have settled', async () => {
    const { auth, actions } = setUp({ token: 't' });
    server.answer(() => ({ body: sealEnvelope(user) }));
    const counts: number[] = [];
    auth.subscribe((state) => counts.push(state.apiCount));
    // Both start before either answer can arrive.
    await Promise.all([actions.fetchUser(), actions.fetchCompanies().catch(() => undefined)]);
    expect(Math.max(...counts)).toBe(2);
    expect(auth.state).toMatchObject({ apiCount: 0, globalLoader: false });
  });
});

describe('the analytics fetch', () => {
  const detail = { company_id: 4, summary: { visitors: 3 } };

  it('stores the decrypted data as company_analytic', async () => {
    const { analyticsActions, analytics } = setUp({ token: 't' });
    server.answer(() => ({ body: sealEnvelope({ data: detail }) }));
    await analyticsActions.fetchCompanyAnalytics(4, { period: '7d' });
    expect(analytics.state.company_analytic).toEqual(detail);
    expect(server.received[0]?.url).toBe(urlOf((client) => getAnalyticsDetail(client, 4, { period: '7d' })));
  });

  it('empties the state when it fails', async () => {
    const { analyticsActions, analytics } = setUp({ token: 't' });
    analytics.setState(() => ({ company_analytic: detail as never }));
    server.answer(() => ({ status: 422, body: { message: 'The given data was invalid.' } }));
    await expect(analyticsActions.fetchCompanyAnalytics(4, { period: 'nope' })).rejects.toMatchObject({
      status: 422,
    });
    expect(analytics.state.company_analytic).toEqual({});
  });
});

describe('an admin session', () => {
  const adminToken = `h.${Buffer.from(JSON.stringify({ sid: 9, kind: 'admin' })).toString('base64url')}.s`;
  const admin = { id: 2, name: 'Root', email: 'root@example.com', role: 'admin' };

  it("loads the admin with getAdmin, never the user's getUser", async () => {
    const { actions, auth } = setUp({ token: adminToken });
    server.answer(() => ({ body: { data: admin } }));
    await expect(actions.ensureAccount()).resolves.toEqual(admin);
    expect(server.received.map((request) => request.url)).toEqual([urlOf(getAdmin)]);
    expect(auth.state).toMatchObject({ admin, user: null, token: adminToken });
  });

  it('clears the token when the admin fetch fails', async () => {
    const { actions, auth, cookies } = setUp({ token: adminToken });
    server.answer(() => ({ status: 401, body: { message: 'Unauthenticated.' } }));
    await expect(actions.ensureAccount()).resolves.toBeNull();
    expect(cookies.get('token')).toBeUndefined();
    expect(auth.state).toMatchObject({ admin: null, token: null });
  });

  it("leaves the user guard without a user, and without asking, when the token is an admin's", async () => {
    const { actions, cookies } = setUp({ token: adminToken });
    await expect(actions.ensureUser()).resolves.toBeNull();
    expect(server.received).toEqual([]);
    expect(cookies.get('token')).toBe(adminToken);
  });

  it("signs the admin out with adminLogout, not the user's logout", async () => {
    const { actions, auth } = setUp({ 'XSRF-TOKEN': 'x', token: adminToken });
    auth.setState((state) => ({ ...state, admin: admin as never }));
    server.answer(() => ({ status: 204 }));
    await actions.logout();
    expect(server.received.map((request) => request.url)).toEqual([urlOf(adminLogout)]);
    expect(auth.state.admin).toBeNull();
  });
});
