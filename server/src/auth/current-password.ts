import { messages } from '@footfall/contract';
import type { User as UserRow } from '@footfall/db';
import { fieldError } from '../errors';
import type { App } from '../types';
import type { AccountRow } from './accounts';
import { hasPassword, verifyPassword } from './passwords';
import type { AccountKind } from './sessions';

/**
 * Checks the password that a signed-in route asks for (docs/api.md "Limits that hold under attack"): counted
 * against the account before it is checked and taken back when right, so a stolen session allows 10 wrong
 * guesses in 10 minutes, then 429. A wrong one is 422 on `field`.
 */
export async function checkCurrentPassword(
  app: Pick<App, 'throttle'>,
  kind: AccountKind,
  account: AccountRow,
  password: string,
  field = 'current_password',
): Promise<void> {
  const guess = await app.throttle.countCurrentPassword(kind, account.id);
  if (!(await verifyPassword(password, account.passwordHash))) {
    throw fieldError(field, messages.wrongCurrentPassword);
  }
  await guess.release();
}

/**
 * The password step of an address change (docs/api.md "Accounts"): required, and counted like every
 * current password. An account without a password (made by single sign-on) chooses one first, through
 * "Forgot your password?", since otherwise a stolen session alone could move the account elsewhere.
 */
export async function confirmAddressChange(
  app: Pick<App, 'throttle'>,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!hasPassword(user.passwordHash)) {
    throw fieldError(
      'current_password',
      'This account has no password yet. Choose one with “Forgot your password?” on the sign-in page, then change the address.',
    );
  }
  if (password === undefined || password === '') {
    throw fieldError('current_password', messages.currentPasswordRequired);
  }
  await checkCurrentPassword(app, 'user', user, password);
}

/**
 * The password that deleting an account asks for: required when the account has one; an account made by
 * single sign-on confirms with its typed address alone.
 */
export async function confirmAccountDeletion(
  app: Pick<App, 'throttle'>,
  user: UserRow,
  password: string | undefined,
): Promise<void> {
  if (!hasPassword(user.passwordHash)) return;
  if (password === undefined || password === '') {
    throw fieldError('current_password', messages.currentPasswordRequired);
  }
  await checkCurrentPassword(app, 'user', user, password);
}
