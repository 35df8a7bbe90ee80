import { LoginAnswer, LoginBody, messages } from '@footfall/contract';
import { presentUser } from '../account/user-presenter';
import { forbidden } from '../errors';
import type { App } from '../types';
import { checkCredentials, signedIn } from './login';
import { issueChallenge } from './two-factor/challenges';

export async function loginRoutes(app: App): Promise<void> {
  app.post('/api/login', { schema: { body: LoginBody, response: { 200: LoginAnswer } } }, async (request) => {
    const { email, password, remember = false } = request.body;
    const user = await checkCredentials(app, request, 'user', email, password);
    if (!user.emailVerifiedAt) {
      return {
        success: false as const,
        message: messages.unverified,
        data: { status: 'unverified' as const, user_id: user.id },
      };
    }
    if (user.suspendedAt) throw forbidden(messages.accountSuspended);
    if (await app.twoFactor.isEnabled('user', user.id)) {
      return issueChallenge(app, 'user', user.id, 'sign_in', remember);
    }
    const session = await app.sessions.issue(request, 'user', user.id, remember);
    return signedIn(session, await presentUser(app, user));
  });
}
