import { AdminLoginAnswer, AdminUserAnswer, LoginBody } from '@footfall/contract';
import { presentAdmin } from '../account/user-presenter';
import { currentAdmin } from '../plugins/auth';
import type { App } from '../types';
import { checkCredentials, signedIn } from './login';
import { issueChallenge } from './two-factor/challenges';

/** Admin sign-in: a separate kind of account with its own sessions and limits (docs/api.md "Admin accounts"). */
export async function adminAuthRoutes(app: App): Promise<void> {
  app.post(
    '/api/admin/login',
    { schema: { body: LoginBody, response: { 200: AdminLoginAnswer } } },
    async (request) => {
      const { email, password, remember = false } = request.body;
      const admin = await checkCredentials(app, request, 'admin', email, password);
      if (await app.twoFactor.isEnabled('admin', admin.id)) {
        return issueChallenge(app, 'admin', admin.id, 'sign_in', remember);
      }
      // ADMIN_REQUIRE_TWO_FACTOR: no session until the admin has enrolled (docs/api.md "Two-factor sign-in").
      if (app.config.adminRequireTwoFactor) {
        return issueChallenge(app, 'admin', admin.id, 'setup', remember);
      }
      const session = await app.sessions.issue(request, 'admin', admin.id, remember);
      return signedIn(session, presentAdmin(admin));
    },
  );

  app.post('/api/admin/logout', { config: { auth: 'optional' } }, async (request, reply) => {
    if (request.caller) await app.repos.authSessions.revoke(request.caller.session.id);
    return reply.code(204).send();
  });

  app.get(
    '/api/admin/user',
    { config: { auth: 'admin' }, schema: { response: { 200: AdminUserAnswer } } },
    async (request) => ({ data: presentAdmin(currentAdmin(request)) }),
  );
}
