import { type AccountSession, AccountSessionListAnswer, AccountSessionParams } from '@footfall/contract';
import type { AuthSession } from '@footfall/db';
import { sessionHandle } from '../auth/session-handles';
import { sessionNetwork } from '../auth/session-network';
import { notFound } from '../errors';
import { currentUser } from '../plugins/auth';
import type { App } from '../types';

/**
 * `/api/user/sessions` (docs/api.md "Sessions"): where the account is signed in — browser, OS, the country
 * and network it signed in from and was last used from, and last use of each live session, the caller's own
 * marked — and signing out any of them, or all the others.
 */
export async function accountSessionRoutes(app: App): Promise<void> {
  const { enrichers } = app.ingestion.deps;
  // Sessions keep networks, not addresses: the country is the network's (for an IPv4 /24 the address's
  // own nearly always; the lookup's data rarely splits one).
  const countryOf = (network: string | null) => (network ? enrichers.country(network) : null);
  const present = (session: AuthSession, currentId: string): AccountSession => {
    const agent = enrichers.parseUserAgent(session.userAgent ?? undefined);
    return {
      id: sessionHandle(session.id),
      browser: agent.browser,
      os: agent.os,
      device: agent.device,
      country: countryOf(session.ip),
      network: sessionNetwork(session.ip),
      created_at: session.createdAt.toISOString(),
      last_used_at: session.lastUsedAt.toISOString(),
      last_used_country: countryOf(session.lastUsedIp),
      last_used_network: sessionNetwork(session.lastUsedIp),
      current: session.id === currentId,
    };
  };
  const liveSessions = (request: Parameters<typeof currentUser>[0]) =>
    app.repos.authSessions.listActive('user', currentUser(request).id, app.now());

  app.get(
    '/api/user/sessions',
    { config: { auth: 'user' }, schema: { response: { 200: AccountSessionListAnswer } } },
    async (request) => {
      const current = request.caller?.session.id ?? '';
      return { data: (await liveSessions(request)).map((session) => present(session, current)) };
    },
  );

  app.delete(
    '/api/user/sessions/:session_id',
    { config: { auth: 'user' }, schema: { params: AccountSessionParams } },
    async (request, reply) => {
      const found = (await liveSessions(request)).find(
        (session) => sessionHandle(session.id) === request.params.session_id,
      );
      if (!found) throw notFound();
      const user = currentUser(request);
      await app.repos.authSessions.revokeSome('user', user.id, [found.id]);
      // The session's public handle, never its id (which is its token's key).
      const agent = enrichers.parseUserAgent(found.userAgent ?? undefined);
      await app.audit.record(request, {
        action: 'account.session_revoked',
        company: null,
        target: {
          type: 'session',
          id: request.params.session_id,
          label: [agent.browser, agent.os].filter(Boolean).join(' on ') || null,
        },
      });
      return reply.code(204).send();
    },
  );

  app.delete('/api/user/sessions', { config: { auth: 'user' } }, async (request, reply) => {
    const ids = (await liveSessions(request)).map((session) => session.id);
    const user = currentUser(request);
    const kept = request.caller?.session.id;
    await app.repos.authSessions.revokeSome('user', user.id, ids, kept);
    await app.audit.record(request, {
      action: 'account.sessions_revoked',
      company: null,
      target: { type: 'user', id: user.id, label: user.email },
      details: { count: ids.filter((id) => id !== kept).length },
    });
    return reply.code(204).send();
  });
}
