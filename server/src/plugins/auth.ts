import { messages } from '@footfall/contract';
import type { Admin as AdminRow, User as UserRow } from '@footfall/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionInfo } from '../auth/sessions';
import { forbidden, unauthenticated } from '../errors';

/** Who is calling: set by the `auth` route option, read by handlers. */
export type Caller =
  | { kind: 'user'; session: SessionInfo; user: UserRow }
  | { kind: 'admin'; session: SessionInfo; admin: AdminRow };

/** `user` and `admin` require that kind of session; `optional` reads a token if one is valid. */
export type AuthRequirement = 'user' | 'admin' | 'optional';

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

async function identify(app: FastifyInstance, request: FastifyRequest): Promise<Caller | null> {
  const token = bearerToken(request);
  if (token === undefined) return null;
  const session = await app.sessions.resolve(token, request.ip);
  if (!session) return null;
  if (session.kind === 'admin') {
    const admin = await app.repos.admins.findById(session.subjectId);
    return admin ? { kind: 'admin', session, admin } : null;
  }
  const user = await app.repos.users.findById(session.subjectId);
  return user ? { kind: 'user', session, user } : null;
}

/** The user behind a `user` route; the hook has already refused anyone else. */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.caller?.kind !== 'user') throw unauthenticated();
  return request.caller.user;
}

export function currentAdmin(request: FastifyRequest): AdminRow {
  if (request.caller?.kind !== 'admin') throw unauthenticated();
  return request.caller.admin;
}

/**
 * Bearer authentication (docs/api.md "Conventions"), run after the XSRF check. A user token on an admin route and an
 * admin token on a user route are 403: the token is good, the route is not for that kind of account.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('caller', null);
    app.addHook('onRequest', async (request) => {
      const requirement = request.routeOptions.config.auth;
      if (requirement === undefined) return;
      const caller = await identify(app, request);
      request.caller = caller;
      if (requirement === 'optional') return;
      if (!caller) throw unauthenticated();
      if (caller.kind !== requirement) {
        throw forbidden(
          requirement === 'admin'
            ? 'This action requires an administrator account.'
            : 'Administrator accounts cannot use this route; use the admin routes.',
        );
      }
      if (caller.kind === 'user' && caller.user.suspendedAt) {
        throw forbidden(messages.accountSuspended);
      }
    });
  },
  { name: 'auth', dependencies: ['xsrf'] },
);
