import { ensureAdmin } from '../../src/bootstrap/admin';
import type { App } from '../../src/types';

export const ADMIN_PASSWORD = 'admin password 123';

let counter = 0;

export interface SignedInAdmin {
  id: number;
  email: string;
  token: string;
  /** `{authorization: 'Bearer …'}`, for `app.inject`'s headers. */
  auth: Record<string, string>;
}

/** A fresh admin with a unique address, signed in from its own client address (the login limits count per IP). */
export async function signedInAdmin(app: App, name = 'Grace Hopper'): Promise<SignedInAdmin> {
  counter += 1;
  const email = `admin-${counter}-${Date.now()}@example.com`;
  await ensureAdmin(app.repos, { email, password: ADMIN_PASSWORD, name });
  const row = await app.repos.admins.findByEmail(email);
  if (!row) throw new Error('the admin was not created');
  const response = await app.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress: `10.9.${Math.floor(counter / 250)}.${counter % 250}`,
    payload: { email, password: ADMIN_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`admin login answered ${response.statusCode}`);
  const token = response.json<{ data: { token: string } }>().data.token;
  return { id: row.id, email, token, auth: { authorization: `Bearer ${token}` } };
}
