import { messages } from '@footfall/contract';
import { fieldError } from '../errors';
import type { App } from '../types';
import type { AccountRow } from './accounts';
import { verifyPassword } from './passwords';
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
