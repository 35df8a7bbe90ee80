import { AuthProvidersAnswer, type SsoErrorCode } from '@footfall/contract';
import type { User } from '@footfall/db';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accountActor } from '../audit/audit-log';
import { REMEMBER_TTL_MS } from '../auth/sessions';
import { notFound } from '../errors';
import type { App } from '../types';
import { type SignInOutcome, signInUser } from './sign-in-user';
import { CALLBACK_PATH, type SingleSignOn } from './single-sign-on';
import { SsoError } from './sso-error';
import { type SignInState, STATE_COOKIE, STATE_TTL_MS } from './state-cookie';

/** The dashboard's sign-in screen, where every failure ends with a code it explains. */
const SIGN_IN_PATH = '/session/sign-in';
/** The cookie the dashboard keeps its session token in (dashboard/src/api/token.ts). */
const TOKEN_COOKIE = 'token';

type Query = Record<string, string | string[] | undefined>;

/** A query parameter given once; repeated or absent is undefined, never an array to trip over. */
function single(query: Query, name: string): string | undefined {
  const value = query[name];
  return typeof value === 'string' ? value : undefined;
}

/**
 * A same-site path to land on, else null: `//host` and `/\host` are other sites to a browser, and a path
 * the dashboard built is percent-encoded, so anything but visible ASCII is refused.
 */
function sameSitePath(value: string | undefined): string | null {
  if (value === undefined || value.length > 2000) return null;
  return /^\/(?![/\\])[!-~]*$/.test(value) ? value : null;
}

/** The raw query string of the request, `?…` or empty, as the provider sent it. */
function rawQuery(request: FastifyRequest): string {
  const index = request.url.indexOf('?');
  return index < 0 ? '' : request.url.slice(index);
}

/**
 * Single sign-on with an OpenID provider (docs/api.md "Single sign-on"): the authorization code flow with
 * PKCE, state and nonce. The browser's round trip is plain navigation, so every outcome is a redirect: to
 * the provider, to the dashboard signed in, or to the sign-in screen with `?sso_error=` — never an error
 * page, and never the provider's own words.
 */
export async function singleSignOnRoutes(app: App): Promise<void> {
  const sso = app.singleSignOn;
  const secure = app.config.appUrl.startsWith('https:');
  const stateCookie = { path: CALLBACK_PATH, httpOnly: true, sameSite: 'lax' as const, secure };

  const enabled = (): SingleSignOn => {
    if (!sso) throw notFound();
    return sso;
  };

  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    if (!(error instanceof SsoError)) throw error;
    const code: SsoErrorCode = error.code;
    // The cause's message only: its details may hold the provider's tokens and claims.
    const reason = error.cause instanceof Error ? error.cause.message : undefined;
    request.log.warn({ code, reason }, 'single sign-on refused');
    reply.clearCookie(STATE_COOKIE, stateCookie);
    return reply.redirect(`${SIGN_IN_PATH}?sso_error=${code}`, 302);
  };

  /** A first sign-in links the provider's account (and may create this one with its first site). */
  const recordSignIn = async (
    request: FastifyRequest,
    user: User,
    outcome: SignInOutcome,
    company: { id: number; name: string } | undefined,
    issuer: string,
  ) => {
    if (outcome === 'linked') return;
    const actor = accountActor('user', user);
    const via = outcome === 'created' ? 'created' : 'verified_email';
    await app.audit.recordAs(
      actor,
      {
        action: 'account.sso_linked',
        company: null,
        target: { type: 'provider', label: issuer },
        details: { via },
      },
      request.ip,
    );
    if (company) {
      await app.audit.recordAs(
        actor,
        { action: 'site.created', company, target: { type: 'site', id: company.id, label: company.name } },
        request.ip,
      );
    }
  };

  app.get('/api/auth/providers', { schema: { response: { 200: AuthProvidersAnswer } } }, async () => ({
    data: { oidc: sso ? { name: sso.config.displayName } : null },
  }));

  // Both answers carry one browser's secrets (a sealed state, a session token): never stored by a cache.
  const noStore = {
    onSend: async (_request: FastifyRequest, reply: FastifyReply) =>
      void reply.header('cache-control', 'no-store'),
  };

  app.get(
    '/api/auth/oidc/start',
    { ...noStore, schema: { summary: 'Start a single sign-on (302 to the provider)' } },
    async (request, reply) => {
      const { provider, states } = enabled();
      const query = request.query as Query;
      try {
        const start = await provider.start();
        const state: SignInState = {
          state: start.state,
          nonce: start.nonce,
          codeVerifier: start.codeVerifier,
          remember: single(query, 'remember') === 'true',
          redirect: sameSitePath(single(query, 'redirect')),
          expiresAt: app.now().getTime() + STATE_TTL_MS,
        };
        reply.setCookie(STATE_COOKIE, states.seal(state), { ...stateCookie, maxAge: STATE_TTL_MS / 1000 });
        return reply.redirect(start.url.href, 302);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );

  app.get(
    CALLBACK_PATH,
    { ...noStore, schema: { summary: "The provider's answer (302 to the dashboard)" } },
    async (request, reply) => {
      const { config, provider, states } = enabled();
      const query = request.query as Query;
      try {
        const state = states.open(request.cookies[STATE_COOKIE], app.now());
        if (!state) throw new SsoError('state_missing');
        if (single(query, 'state') !== state.state) throw new SsoError('state_mismatch');
        const error = single(query, 'error');
        if (error !== undefined)
          throw new SsoError(error === 'access_denied' ? 'access_denied' : 'provider_error');
        const identity = await provider.finish(rawQuery(request), state);
        const { user, outcome, company } = await signInUser(app, config, identity);
        await recordSignIn(request, user, outcome, company, identity.issuer);
        // An SSO sign-in asks for no code of this app's own: the provider owns the factors (docs/api.md).
        const session = await app.sessions.issue(request, 'user', user.id, state.remember);
        reply.clearCookie(STATE_COOKIE, stateCookie);
        // Handed over as a password sign-in ends: the dashboard reads the token from this cookie and sends it
        // as a bearer token; the server never reads it from the cookie.
        reply.setCookie(TOKEN_COOKIE, session.token, {
          path: '/',
          sameSite: 'lax',
          httpOnly: false,
          secure,
          ...(state.remember && { maxAge: REMEMBER_TTL_MS / 1000 }),
        });
        return reply.redirect(state.redirect ?? '/home', 302);
      } catch (error) {
        return fail(request, reply, error);
      }
    },
  );
}
