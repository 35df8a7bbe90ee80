import { expect } from 'vitest';
import type { App } from '../../src/types';
import { signedInUser } from './accounts';
import type { RecordingMailer } from './mailer';

export const STATS = 'GET /api/v1/stats/:company_id';

/** A signed-in owner and the company that registration made for them. */
export interface Owner {
  id: number;
  auth: { authorization: string };
  companyId: number;
}

export async function newOwner(
  app: App,
  mailer: RecordingMailer,
  fields: Record<string, unknown> = {},
): Promise<Owner> {
  const user = await signedInUser(app, mailer, fields);
  const response = await app.inject({ url: '/api/companies', headers: user.auth });
  const [company] = response.json<{ data: { id: number }[] }>().data;
  if (!company) throw new Error('registration created no company');
  return { id: user.id, auth: user.auth, companyId: company.id };
}

/** A signed-in user who is a member of `companyId` below its owner (a viewer unless told). */
export async function newMember(
  app: App,
  mailer: RecordingMailer,
  companyId: number,
  role: 'admin' | 'viewer' = 'viewer',
) {
  const user = await signedInUser(app, mailer);
  await app.db.orm.insert(app.db.schema.memberships).values({ companyId, userId: user.id, role });
  return user;
}

export interface CreatedKey {
  id: number;
  name: string;
  prefix: string;
  secret: string;
  created_at: string;
  last_used_at: string | null;
}

/** Creates a key through the API as the owner and answers it, secret included. */
export async function createKey(app: App, owner: Owner, name = 'Reporting'): Promise<CreatedKey> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/companies/${owner.companyId}/api-keys`,
    headers: owner.auth,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: CreatedKey }>().data;
}

/** Calls the stats API with a key (or any Authorization header value). */
export function callStats(app: App, companyId: number | string, authorization?: string, query = '') {
  return app.inject({
    method: 'GET',
    url: `/api/v1/stats/${companyId}${query}`,
    headers: authorization === undefined ? {} : { authorization },
  });
}

export const bearer = (key: { secret: string }) => `Bearer ${key.secret}`;
