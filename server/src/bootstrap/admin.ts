import type { Repositories } from '@footfall/db';
import { hashPassword } from '../auth/passwords';

export interface NewAdmin {
  email: string;
  password: string;
  name?: string;
}

/**
 * Creates the admin if no account has that address; an existing admin is left untouched, so restarting with
 * the same variables never resets a password that was changed since.
 */
export async function ensureAdmin(repos: Repositories, admin: NewAdmin): Promise<'created' | 'exists'> {
  if (await repos.admins.findByEmail(admin.email)) return 'exists';
  await repos.admins.create({
    name: admin.name ?? 'Administrator',
    email: admin.email,
    passwordHash: await hashPassword(admin.password),
  });
  return 'created';
}
