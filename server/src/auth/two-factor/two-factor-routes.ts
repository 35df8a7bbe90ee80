import {
  RecoveryCodesAnswer,
  SuccessMessage,
  TwoFactorConfirmBody,
  TwoFactorEnableBody,
  TwoFactorSetupAnswer,
  TwoFactorSetupBody,
  TwoFactorStatusAnswer,
} from '@footfall/contract';
import type { FastifyRequest } from 'fastify';
import { currentAdmin, currentUser } from '../../plugins/auth';
import type { App } from '../../types';
import type { AccountRow } from '../accounts';
import { checkCurrentPassword } from '../current-password';
import type { AccountKind } from '../sessions';
import { countingWrongCodes } from './challenges';

export interface TwoFactorRouteOptions {
  kind: AccountKind;
}

/**
 * `/api/user/two-factor` and `/api/admin/two-factor` (docs/api.md "Two-factor sign-in"): the signed-in
 * account's own two-factor sign-in — its state, enrolment, recovery codes, and turning it off.
 */
export async function twoFactorRoutes(app: App, { kind }: TwoFactorRouteOptions): Promise<void> {
  const base = kind === 'user' ? '/api/user/two-factor' : '/api/admin/two-factor';
  const config = { auth: kind };
  const accountOf = (request: FastifyRequest): AccountRow =>
    kind === 'user' ? currentUser(request) : currentAdmin(request);
  const checkPassword = (account: AccountRow, password: string) =>
    checkCurrentPassword(app, kind, account, password, 'password');
  /** The password, then a code of the app or a recovery code (which is spent). */
  const confirm = async (request: FastifyRequest, body: TwoFactorConfirmBody) => {
    const account = accountOf(request);
    await checkPassword(account, body.password);
    await countingWrongCodes(app, request, kind, () =>
      app.twoFactor.verify(kind, account.id, body.code, 'any', 'code'),
    );
    return account;
  };

  app.get(base, { config, schema: { response: { 200: TwoFactorStatusAnswer } } }, async (request) => ({
    data: await app.twoFactor.status(kind, accountOf(request).id),
  }));

  app.post(
    `${base}/setup`,
    { config, schema: { body: TwoFactorSetupBody, response: { 200: TwoFactorSetupAnswer } } },
    async (request) => {
      const account = accountOf(request);
      await checkPassword(account, request.body.password);
      return { data: await app.twoFactor.setup({ kind, id: account.id, email: account.email }) };
    },
  );

  app.post(
    `${base}/enable`,
    { config, schema: { body: TwoFactorEnableBody, response: { 200: RecoveryCodesAnswer } } },
    async (request) => {
      const account = accountOf(request);
      const codes = await countingWrongCodes(app, request, kind, () =>
        app.twoFactor.enable(kind, account.id, request.body.code),
      );
      // A session opened before, perhaps with a stolen password, should not outlive the upgrade.
      const live = await app.repos.authSessions.listActive(kind, account.id, app.now());
      const ids = live.map((session) => session.id);
      await app.repos.authSessions.revokeSome(kind, account.id, ids, request.caller?.session.id);
      await app.audit.record(request, { action: 'account.two_factor_enabled', company: null });
      return {
        success: true as const,
        message:
          'Two-factor sign-in is on, and your other sessions were signed out. Save your recovery codes now: they are not shown again.',
        data: { recovery_codes: codes },
      };
    },
  );

  app.post(
    `${base}/disable`,
    { config, schema: { body: TwoFactorConfirmBody, response: { 200: SuccessMessage } } },
    async (request) => {
      const account = await confirm(request, request.body);
      await app.twoFactor.disable(kind, account.id);
      await app.audit.record(request, { action: 'account.two_factor_disabled', company: null });
      return { success: true as const, message: 'Two-factor sign-in is off.' };
    },
  );

  app.post(
    `${base}/recovery-codes`,
    { config, schema: { body: TwoFactorConfirmBody, response: { 200: RecoveryCodesAnswer } } },
    async (request) => {
      const account = await confirm(request, request.body);
      const codes = await app.twoFactor.regenerateRecoveryCodes(kind, account.id);
      await app.audit.record(request, { action: 'account.recovery_codes_regenerated', company: null });
      return {
        success: true as const,
        message: 'New recovery codes are ready, and the old ones no longer work. Save these now.',
        data: { recovery_codes: codes },
      };
    },
  );
}
