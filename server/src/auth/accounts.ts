import type { Admin as AdminRow, User as UserRow } from '@footfall/db';
import type { App } from '../types';
import type { AccountKind } from './sessions';

export type AccountRow = UserRow | AdminRow;

/** Users and admins are separate tables with the same look-ups; flows that serve both go through this. */
export function accountsOf(app: Pick<App, 'repos'>, kind: AccountKind) {
  const repo = kind === 'user' ? app.repos.users : app.repos.admins;
  return {
    findByEmail: (email: string): Promise<AccountRow | undefined> => repo.findByEmail(email),
    findById: (id: number): Promise<AccountRow | undefined> => repo.findById(id),
  };
}
