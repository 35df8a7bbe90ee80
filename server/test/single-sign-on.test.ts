import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/bench/footfall-server';
import { signedInUser } from './support/accounts';
import { createTestApp, sealedBody, type TestApp } from './support/app';
import { type ProviderAccount, startOidcProvider, type TestOidcProvider } from './support/oidc-provider';
import {
  callback,
  setCookie,
  signInAtProvider,
  signInThroughProvider,
  startSignIn,
} from './support/oidc-sign-in';

const CALLBACK = 'http://footfall.test/api/auth/oidc/callback';
const MINUTE = 60 * 1000;
let provider: TestOidcProvider;
let t: TestApp;
let accounts = 0;

/** A provider account no other test uses. */
function account(fields: Partial<ProviderAccount> = {}): ProviderAccount {
  accounts += 1;
  const created: ProviderAccount = {
    sub: `subject-${accounts}`,
    email: `person${accounts}@example.com`,
    email_verified: true,
    name: `Person ${accounts}`,
    ...fields,
  };
  provider.setAccount(created);
  return created;
}

function signedInAs(response: LightMyRequestResponse): string {
  expect(response.statusCode).toBe(302);
  const cookie = setCookie(response, 'token');
  expect(cookie, `no token cookie; went to ${response.headers.location}`).toBeDefined();
  return /^token=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
}

async function userOf(token: string) {
  const response = await t.app.inject({
    method: 'GET',
    url: '/api/user',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return sealedBody<{
    id: number;
    email: string;
    name: string;
    email_verified_at: string | null;
    companies: { role: string }[];
  }>(response);
}

function expectRefused(response: LightMyRequestResponse, code: string): void {
  expect(response.statusCode).toBe(302);
  expect(response.headers.location).toBe(`/session/sign-in?sso_error=${code}`);
  expect(setCookie(response, 'token')).toBeUndefined();
  // The sign-in's state is spent whatever happened.
  expect(setCookie(response, 'footfall_sso')).toMatch(/^footfall_sso=;/);
}

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [CALLBACK], accounts: [] });
  t = await createTestApp({
    env: { ...provider.env, OIDC_ALLOWED_DOMAINS: 'example.com', OIDC_DISPLAY_NAME: 'Example ID' },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

describe('GET /api/auth/providers', () => {
  it('names the configured provider for the sign-in button', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: { oidc: { name: 'Example ID' } } });
  });
});

describe('GET /api/auth/oidc/start', () => {
  it('sends the browser to the provider with state, nonce and an S256 PKCE challenge, keeping them in a sealed cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/auth/oidc/start?remember=true' });
    expect(response.statusCode).toBe(302);
    expect(response.headers['cache-control']).toBe('no-store');
    const location = new URL(String(response.headers.location));
    expect(location.origin).toBe(provider.issuer);
    const params = location.searchParams;
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(params.get('nonce')).toMatch(/^[\w-]{20,}$/);
    const cookie = setCookie(response, 'footfall_sso') ?? '';
    expect(cookie).toMatch(/Max-Age=600; Path=\/api\/auth\/oidc\/callback; HttpOnly; SameSite=Lax/);
    // Sealed: neither the state, the nonce nor the verifier can be read from it.
    const value = /^footfall_sso=([^;]+)/.exec(cookie)?.[1] ?? '';
    expect(Buffer.from(value, 'base64url').toString()).not.toContain(params.get('state'));
  });
});

describe('GET /api/auth/oidc/callback', () => {
  it('creates a verified account with a site of its own at the first sign-in, signs it in and lands on /home', async () => {
    const person = account({ name: 'Grace Hopper' });
    const response = await signInThroughProvider(t.app, person.email, '?remember=true');
    expect(response.headers.location).toBe('/home');
    expect(setCookie(response, 'token')).toMatch(/; Max-Age=31536000; Path=\/; SameSite=Lax$/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(setCookie(response, 'footfall_sso')).toMatch(/^footfall_sso=;/);
    const user = await userOf(signedInAs(response));
    expect(user).toMatchObject({ email: person.email, name: 'Grace Hopper' });
    expect(user.email_verified_at).not.toBeNull();
    expect(user.companies).toEqual([
      expect.objectContaining({ role: 'owner', plan: 'free', name: "Grace Hopper's site" }),
    ]);
    expect(await t.app.repos.oidcIdentities.listForUser(user.id)).toEqual([
      expect.objectContaining({ issuer: `${provider.issuer}`, subject: person.sub }),
    ]);
    const [site] = await t.app.repos.auditEvents.list({ actions: ['site.created'], actorUserId: user.id }, 5);
    expect(site).toMatchObject({ companyName: "Grace Hopper's site", actorEmail: person.email });
    const [linked] = await t.app.repos.auditEvents.list({ companyId: null, actorUserId: user.id }, 5);
    expect(linked).toMatchObject({
      action: 'account.sso_linked',
      targetLabel: `${provider.issuer}`,
      details: { via: 'created' },
    });
  });

  it('makes an account without a password: it deletes itself by its address, and changes it only after choosing one', async () => {
    const person = account();
    const token = signedInAs(await signInThroughProvider(t.app, person.email));
    const auth = { authorization: `Bearer ${token}` };
    expect(await userOf(token)).toMatchObject({ has_password: false });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: auth,
      payload: { email: `elsewhere-${Date.now()}@example.com`, current_password: 'anything' },
    });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().errors.current_password[0]).toMatch(/no password yet/);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: auth,
      payload: { email: person.email },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
  });

  it('signs the same account in again at the next sign-in, for the browser session without remember', async () => {
    const person = account();
    const first = await userOf(signedInAs(await signInThroughProvider(t.app, person.email)));
    const again = await signInThroughProvider(t.app, person.email);
    expect(setCookie(again, 'token')).not.toMatch(/Max-Age/);
    expect((await userOf(signedInAs(again))).id).toBe(first.id);
    expect((await t.app.repos.users.findByEmail(person.email))?.id).toBe(first.id);
  });

  it('keeps a same-site path to return to, and ignores any other', async () => {
    const person = account();
    const back = await signInThroughProvider(t.app, person.email, '?redirect=%2Fsites%2F1%3Fperiod%3D7d');
    expect(back.headers.location).toBe('/sites/1?period=7d');
    for (const elsewhere of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example/',
      '/a%00b'.replace('%00', '\u0000'),
    ]) {
      const response = await signInThroughProvider(
        t.app,
        person.email,
        `?redirect=${encodeURIComponent(elsewhere)}`,
      );
      expect(response.headers.location).toBe('/home');
    }
  });

  it('matches an existing user by the verified address and links the provider account to it', async () => {
    const person = account();
    const existing = await signedInUser(t.app, t.mailer, { email: person.email });
    const response = await signInThroughProvider(t.app, person.email);
    expect((await userOf(signedInAs(response))).id).toBe(existing.id);
    expect(await t.app.repos.oidcIdentities.listForUser(existing.id)).toHaveLength(1);
    const accountEvents = () =>
      t.app.repos.auditEvents.list({ companyId: null, actorUserId: existing.id }, 5);
    expect(await accountEvents()).toEqual([
      expect.objectContaining({ action: 'account.sso_linked', details: { via: 'verified_email' } }),
    ]);
    // Later sign-ins through the link change nothing and record nothing.
    await signInThroughProvider(t.app, person.email);
    expect(await accountEvents()).toHaveLength(1);
  });

  it('still finds the linked user after the address changed at the provider', async () => {
    const person = account();
    const first = await userOf(signedInAs(await signInThroughProvider(t.app, person.email)));
    const renamed = { ...person, email: `renamed-${person.sub}@example.com` };
    provider.setAccount(renamed);
    const again = await userOf(signedInAs(await signInThroughProvider(t.app, renamed.email)));
    expect(again.id).toBe(first.id);
    expect(again.email).toBe(person.email);
    expect(await t.app.repos.users.findByEmail(renamed.email)).toBeUndefined();
  });

  it('refuses an address the provider has not verified, creating nothing', async () => {
    const person = account({ email_verified: false });
    expectRefused(await signInThroughProvider(t.app, person.email), 'email_unverified');
    expect(await t.app.repos.users.findByEmail(person.email)).toBeUndefined();
  });

  it('refuses an address outside the allowed domains', async () => {
    const person = account({ email: `outsider${accounts}@elsewhere.org` });
    expectRefused(await signInThroughProvider(t.app, person.email), 'domain_not_allowed');
    expect(await t.app.repos.users.findByEmail(person.email)).toBeUndefined();
  });

  it('refuses to link an address that was signed up for here but never verified', async () => {
    const person = account();
    const { register } = await import('./support/accounts');
    await register(t.app, { email: person.email });
    expectRefused(await signInThroughProvider(t.app, person.email), 'account_unverified');
  });

  it('refuses a suspended user, linked or matched by address', async () => {
    const person = account();
    const user = await userOf(signedInAs(await signInThroughProvider(t.app, person.email)));
    const { users } = t.app.db.schema;
    await t.app.db.orm.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    expectRefused(await signInThroughProvider(t.app, person.email), 'account_suspended');
    const other = account({ email: `other-${person.email}` });
    const matched = await signedInUser(t.app, t.mailer, { email: other.email });
    await t.app.db.orm.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, matched.id));
    expectRefused(await signInThroughProvider(t.app, other.email), 'account_suspended');
  });

  it('refuses an answer whose state is not the one this browser started with', async () => {
    const person = account();
    const mine = await startSignIn(t.app);
    const theirs = await startSignIn(t.app);
    const answer = await signInAtProvider(theirs.authorizationUrl, person.email);
    expectRefused(await callback(t.app, answer, mine.stateCookie), 'state_mismatch');
    const altered = new URL(answer);
    altered.searchParams.set('state', 'altered');
    expectRefused(await callback(t.app, altered, theirs.stateCookie), 'state_mismatch');
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const person = account();
    const started = await startSignIn(t.app);
    const tampered = new URL(started.authorizationUrl);
    tampered.searchParams.set('nonce', 'a-nonce-someone-else-chose');
    const answer = await signInAtProvider(tampered, person.email);
    expect(answer.searchParams.get('code')).toBeTruthy();
    expectRefused(await callback(t.app, answer, started.stateCookie), 'nonce_mismatch');
    expect(await t.app.repos.users.findByEmail(person.email)).toBeUndefined();
  });

  it('refuses an answer without its state cookie, with an altered one, or after ten minutes', async () => {
    const person = account();
    const started = await startSignIn(t.app);
    const answer = await signInAtProvider(started.authorizationUrl, person.email);
    expectRefused(await callback(t.app, answer, undefined), 'state_missing');
    const value = started.stateCookie.slice('footfall_sso='.length);
    const flipped = `${value.slice(0, 20)}${value[20] === 'A' ? 'B' : 'A'}${value.slice(21)}`;
    expectRefused(await callback(t.app, answer, `footfall_sso=${flipped}`), 'state_missing');
    expectRefused(await callback(t.app, answer, 'footfall_sso=not-a-sealed-state'), 'state_missing');

    const later = await startSignIn(t.app);
    const laterAnswer = await signInAtProvider(later.authorizationUrl, person.email);
    t.clock.advance(10 * MINUTE + 1000);
    expectRefused(await callback(t.app, laterAnswer, later.stateCookie), 'state_missing');
  });

  it('tells a cancelled sign-in from the provider’s other errors, and refuses a code used twice', async () => {
    expectRefused(await signInThroughProvider(t.app, null), 'access_denied');

    const started = await startSignIn(t.app);
    const state = started.authorizationUrl.searchParams.get('state') ?? '';
    const failed = new URL(`${CALLBACK}?error=server_error&error_description=%3Cscript%3E&state=${state}`);
    expectRefused(await callback(t.app, failed, started.stateCookie), 'provider_error');

    const person = account();
    const again = await startSignIn(t.app);
    const answer = await signInAtProvider(again.authorizationUrl, person.email);
    signedInAs(await callback(t.app, answer, again.stateCookie));
    expectRefused(await callback(t.app, answer, again.stateCookie), 'provider_error');
  });

  it('answers hostile query strings with a redirect to the sign-in screen, never a server error', async () => {
    const started = await startSignIn(t.app);
    const state = started.authorizationUrl.searchParams.get('state') ?? '';
    const cases: [string, string][] = [
      ['', 'state_mismatch'],
      ['?state=a&state=b', 'state_mismatch'],
      [`?state[]=${state}`, 'state_mismatch'],
      [`?state=${state}%00`, 'state_mismatch'],
      [`?state=${state}`, 'invalid_response'],
      [`?state=${state}&code=%00`, 'invalid_response'],
      [
        `?state=${state}&code=${'x'.repeat(5000)}&iss=${encodeURIComponent(provider.issuer)}`,
        'provider_error',
      ],
      [`?state=${state}&code=a&code=b`, 'invalid_response'],
      [`?state=${state}&error[]=x`, 'invalid_response'],
      [`?state=${state}&error=${'e'.repeat(3000)}`, 'provider_error'],
    ];
    for (const [query, code] of cases) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/auth/oidc/callback${query}`,
        headers: { cookie: started.stateCookie },
      });
      expect(response.statusCode, query).toBe(302);
      expect(response.headers.location, query).toBe(`/session/sign-in?sso_error=${code}`);
      expect(setCookie(response, 'token'), query).toBeUndefined();
    }
    // A URL that is not valid percent-encoding is refused before any route, as everywhere (docs/api.md).
    const malformed = await t.app.inject({
      method: 'GET',
      url: `/api/auth/oidc/callback?state=${state}&code=%ED%A0`,
    });
    expect(malformed.statusCode).toBe(400);
    const start = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oidc/start?remember=%00&redirect[]=x&remember=true',
    });
    expect(start.statusCode).toBe(302);
    expect(String(start.headers.location)).toMatch(new RegExp(`^${provider.issuer}/`));
  });
});

describe('single sign-on with closed registration', () => {
  it('signs existing users in but creates no account', async () => {
    const closed = await createTestApp({ env: { ...provider.env, REGISTRATION_OPEN: 'false' } });
    try {
      const stranger = account();
      expectRefused(await signInThroughProvider(closed.app, stranger.email), 'registration_closed');
      const person = account();
      await closed.app.repos.users.register({
        user: { name: 'Invited', email: person.email, passwordHash: 'x', emailVerifiedAt: new Date() },
        company: { name: 'Site', website: null, timezone: 'UTC', trackingKey: `k${accounts}closed000000` },
      });
      const response = await signInThroughProvider(closed.app, person.email);
      expect(response.headers.location).toBe('/home');
      expect(setCookie(response, 'token')).toBeDefined();
    } finally {
      await closed.close();
    }
  });
});

describe('single sign-on while the provider is down', () => {
  it('starts the server, answers a clear error, discovers the provider once it is up, and says so again when the code exchange cannot reach it', async () => {
    const port = await freePort();
    const issuer = `http://127.0.0.1:${port}`;
    const down = await createTestApp({
      env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: 'footfall', OIDC_CLIENT_SECRET: 'secret' },
    });
    try {
      const providers = await down.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ data: { oidc: { name: '127.0.0.1' } } });
      const start = await down.app.inject({ method: 'GET', url: '/api/auth/oidc/start' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/session/sign-in?sso_error=provider_unavailable');
      expect(setCookie(start, 'footfall_sso')).toMatch(/^footfall_sso=;/);

      const person = { sub: 'returning', email: 'returning@example.com', email_verified: true };
      const up = await startOidcProvider({ redirectUris: [CALLBACK], accounts: [person], port });
      let started: Awaited<ReturnType<typeof startSignIn>>;
      let answer: URL;
      try {
        started = await startSignIn(down.app);
        expect(started.authorizationUrl.href).toMatch(new RegExp(`^${issuer}/auth\\?`));
        answer = await signInAtProvider(started.authorizationUrl, person.email);
      } finally {
        await up.close();
      }
      // Gone again between its page and the code exchange.
      expectRefused(await callback(down.app, answer, started.stateCookie), 'provider_unavailable');
    } finally {
      await down.close();
    }
  });
});

describe('single sign-on when not configured', () => {
  it('offers no provider and has no sign-in routes', async () => {
    const plain = await createTestApp();
    try {
      const providers = await plain.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(providers.json()).toEqual({ data: { oidc: null } });
      for (const url of ['/api/auth/oidc/start?remember=true', '/api/auth/oidc/callback?code=a&state=b']) {
        const response = await plain.app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(404);
        expect(response.json()).toEqual({ message: 'Not found.' });
      }
    } finally {
      await plain.close();
    }
  });
});
