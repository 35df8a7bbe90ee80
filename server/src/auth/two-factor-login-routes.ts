import {
  AdminEnrolledSignIn,
  AdminSignedIn,
  messages,
  TwoFactorChallengeBody,
  TwoFactorChallengeEnableBody,
  TwoFactorLoginBody,
  TwoFactorSetupAnswer,
  UserSignedIn,
} from '@footfall/contract';
import type { FastifyRequest } from 'fastify';
import { presentAdmin, presentUser } from '../account/user-presenter';
import { type AuditActor, accountActor } from '../audit/audit-log';
import { AppError, fieldError, forbidden } from '../errors';
import type { App } from '../types';
import { signedIn } from './login';
import type { AccountKind } from './sessions';
import { liveChallenge, redeemChallenge } from './two-factor/challenges';
import { twoFactorMessages as text } from './two-factor/messages';

/**
 * The second step of a sign-in (docs/api.md "Two-factor sign-in"): the challenge of the password step with
 * a code of the app or a recovery code, for users and admins; and, for an admin who must use two-factor
 * sign-in and has not set it up, enrolling with that challenge, which signs them in.
 */
export async function twoFactorLoginRoutes(app: App): Promise<void> {
  const gone = () => new AppError(410, text.challengeGone);

  /** Exactly one of the two codes; which one decides how it is checked. */
  const typedCode = (body: TwoFactorLoginBody) => {
    if (body.code !== undefined && body.recovery_code === undefined) {
      return { as: 'app' as const, typed: body.code, field: 'code' };
    }
    if (body.recovery_code !== undefined && body.code === undefined) {
      return { as: 'recovery' as const, typed: body.recovery_code, field: 'recovery_code' };
    }
    throw fieldError('code', text.codeMissing);
  };

  /** Redeems the challenge with the code; answers the challenge, which names the account. */
  const secondStep = async (request: FastifyRequest, kind: AccountKind, body: TwoFactorLoginBody) => {
    const { as, typed, field } = typedCode(body);
    const { challenge, proved } = await redeemChallenge(
      app,
      request,
      kind,
      body.challenge,
      'sign_in',
      (found) => app.twoFactor.verify(kind, found.subjectId, typed, as, field),
    );
    return { challenge, usedRecoveryCode: proved === 'recovery' };
  };
  /** A spent recovery code is worth a line: the account has one fewer, and its owner may not know why. */
  const recordRecoveryCode = async (request: FastifyRequest, actor: AuditActor, used: boolean) => {
    if (used)
      await app.audit.recordAs(actor, { action: 'account.recovery_code_used', company: null }, request.ip);
  };

  app.post(
    '/api/login/two-factor',
    { schema: { body: TwoFactorLoginBody, response: { 200: UserSignedIn } } },
    async (request) => {
      const { challenge, usedRecoveryCode } = await secondStep(request, 'user', request.body);
      const user = await app.repos.users.findById(challenge.subjectId);
      if (!user) throw gone();
      // Suspended between the two steps: the password step would refuse it now.
      if (user.suspendedAt) throw forbidden(messages.accountSuspended);
      await recordRecoveryCode(request, accountActor('user', user), usedRecoveryCode);
      const session = await app.sessions.issue(request, 'user', user.id, challenge.remember);
      return signedIn(session, await presentUser(app, user));
    },
  );

  app.post(
    '/api/admin/login/two-factor',
    { schema: { body: TwoFactorLoginBody, response: { 200: AdminSignedIn } } },
    async (request) => {
      const { challenge, usedRecoveryCode } = await secondStep(request, 'admin', request.body);
      const admin = await app.repos.admins.findById(challenge.subjectId);
      if (!admin) throw gone();
      await recordRecoveryCode(request, accountActor('admin', admin), usedRecoveryCode);
      const session = await app.sessions.issue(request, 'admin', admin.id, challenge.remember);
      return signedIn(session, presentAdmin(admin));
    },
  );

  app.post(
    '/api/admin/login/two-factor/setup',
    { schema: { body: TwoFactorChallengeBody, response: { 200: TwoFactorSetupAnswer } } },
    async (request) => {
      const challenge = await liveChallenge(app, 'admin', request.body.challenge, 'setup');
      const admin = await app.repos.admins.findById(challenge.subjectId);
      if (!admin) throw gone();
      return { data: await app.twoFactor.setup({ kind: 'admin', id: admin.id, email: admin.email }) };
    },
  );

  app.post(
    '/api/admin/login/two-factor/enable',
    { schema: { body: TwoFactorChallengeEnableBody, response: { 200: AdminEnrolledSignIn } } },
    async (request) => {
      const { body } = request;
      const { challenge, proved: codes } = await redeemChallenge(
        app,
        request,
        'admin',
        body.challenge,
        'setup',
        (found) => app.twoFactor.enable('admin', found.subjectId, body.code),
      );
      const admin = await app.repos.admins.findById(challenge.subjectId);
      if (!admin) throw gone();
      await app.repos.authSessions.revokeAll('admin', admin.id);
      await app.audit.recordAs(
        accountActor('admin', admin),
        { action: 'account.two_factor_enabled', company: null },
        request.ip,
      );
      const session = await app.sessions.issue(request, 'admin', admin.id, challenge.remember);
      const answer = signedIn(session, presentAdmin(admin));
      return { ...answer, data: { ...answer.data, recovery_codes: codes } };
    },
  );
}
