// The first bench company's owner as a bench signs in with: a password and a verified address set in the
// database before the server starts, then a real sign-in over HTTP for a bearer token.
import { createDb } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../server/src/auth/passwords';
import type { BenchDatabase, PostgresBenchDatabase } from './footfall-server';

/** The address `seedBenchCompanies` gives the first company's owner. */
export const BENCH_OWNER_EMAIL = 'bench1@footfall.example';

/** Gives the bench owner `password` and a verified address, so that they can sign in. */
export async function setBenchOwnerPassword(
  db: BenchDatabase | PostgresBenchDatabase,
  password: string,
): Promise<void> {
  const handle = await createDb('url' in db ? db.url : `file:${db.dbPath}`);
  const { users } = handle.schema;
  await handle.orm
    .update(users)
    .set({ passwordHash: await hashPassword(password), emailVerifiedAt: new Date() })
    .where(eq(users.email, BENCH_OWNER_EMAIL));
  await handle.close();
}

/** Signs the bench owner in on the server at `url`: the `authorization` header of their session. */
export async function benchOwnerAuth(url: string, password: string): Promise<{ authorization: string }> {
  const login = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: BENCH_OWNER_EMAIL, password }),
  });
  if (!login.ok) throw new Error(`the bench owner's sign-in answered ${login.status}: ${await login.text()}`);
  const { token } = ((await login.json()) as { data: { token: string } }).data;
  return { authorization: `Bearer ${token}` };
}
