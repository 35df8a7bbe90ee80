import type { App } from '../../src/types';
import { newIp, sealedBody } from './app';
import type { RecordingMailer } from './mailer';

export const PASSWORD = 'correct horse battery';

export interface Registered {
  id: number;
  email: string;
  password: string;
}

let counter = 0;

/** Registers through the API; the address is unique per call unless given. */
export async function register(app: App, fields: Record<string, unknown> = {}): Promise<Registered> {
  counter += 1;
  const email = (fields.email as string | undefined) ?? `person${counter}-${Date.now()}@example.com`;
  const body = {
    name: 'Ada Lovelace',
    email,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    company_name: 'Analytical Engines',
    ...fields,
  };
  // Registrations are rationed per IP (10 an hour): each comes from an address of its own.
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    payload: body,
    remoteAddress: newIp(),
  });
  if (response.statusCode !== 201)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const answer = sealedBody<{ data: { user_id: number } }>(response);
  return { id: answer.data.user_id, email: email.toLowerCase(), password: String(body.password) };
}

/** Follows the verification link mailed to the user, as the dashboard does. */
export async function verify(app: App, mailer: RecordingMailer, email: string): Promise<void> {
  const link = new URL(mailer.lastLinkTo(email));
  const response = await app.inject({ method: 'POST', url: `/api${link.pathname}${link.search}` });
  if (response.statusCode !== 200) throw new Error(`verify failed: ${response.statusCode} ${response.body}`);
}

export async function login(app: App, email: string, password = PASSWORD, remember = false): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password, remember },
  });
  const body = response.json() as { success: boolean; data: { token: string } };
  if (response.statusCode !== 200 || !body.success) {
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  }
  return body.data.token;
}

/** A verified, signed-in user with their first company. */
export async function signedInUser(app: App, mailer: RecordingMailer, fields: Record<string, unknown> = {}) {
  const user = await register(app, fields);
  await verify(app, mailer, user.email);
  const token = await login(app, user.email, user.password);
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}
