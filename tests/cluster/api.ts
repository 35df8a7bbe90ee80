// Talking to a Footfall server (or the proxy) the way outside clients do: JSON over HTTP, bearer tokens,
// enveloped answers opened.
import { openEnvelope } from '../../server/test/support/envelope';
import { ADMIN_EMAIL, ADMIN_PASSWORD, type PostgresDatabase } from './cluster';
import type { SiteSpec } from './stream';

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  /** The address the request is from (`X-Forwarded-For`, trusted from 127.0.0.1). */
  ip?: string;
}

/** One call; an enveloped answer (a JSON string) is opened. */
export async function call(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<Answer> {
  const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? '10.250.0.1' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, {
    method,
    headers,
    ...(options.body !== undefined && { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
    if (typeof body === 'string' && response.ok) body = openEnvelope(body);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body, text };
}

/** The `data` of a 2xx answer; throws with the answer otherwise. */
export async function data<T>(
  base: string,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<T> {
  const answer = await call(base, method, path, options);
  if (answer.status < 200 || answer.status >= 300) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  }
  return (answer.body as { data: T }).data;
}

export const PASSWORD = 'cluster owner password';

export async function login(base: string, email: string): Promise<string> {
  return (await data<{ token: string }>(base, 'POST', '/api/login', { body: { email, password: PASSWORD } }))
    .token;
}

export async function adminLogin(base: string): Promise<string> {
  const body = { email: ADMIN_EMAIL, password: ADMIN_PASSWORD };
  return (await data<{ token: string }>(base, 'POST', '/api/admin/login', { body })).token;
}

export interface CreatedSite {
  id: number;
  trackingKey: string;
  owner: string;
  goals: { id: number; name: string }[];
}

/**
 * Registers the site's owner through the API (the address is then marked verified in the database, which
 * stands for following the mailed link), signs in, and defines the goals the analytics report on.
 */
export async function createSite(
  base: string,
  database: PostgresDatabase,
  site: SiteSpec,
  index: number,
): Promise<CreatedSite> {
  const email = `owner${index}@cluster.example`;
  await data(base, 'POST', '/api/register', {
    // Registrations are rationed per address (10 an hour): each site's owner signs up from one of its own.
    ip: `10.250.1.${index % 250}`,
    body: {
      name: `Owner ${index}`,
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      company_name: site.name,
      website: site.website,
      timezone: site.timezone,
    },
  });
  await database.query('update users set email_verified_at = created_at where email = $1', [email]);
  const token = await login(base, email);
  const companies = await data<{ id: number; tracking_key: string }[]>(base, 'GET', '/api/companies', {
    token,
  });
  const company = companies[0];
  if (!company) throw new Error(`no company for ${email}`);
  const goals = [];
  for (const goal of [
    { name: 'Signed up', event_name: 'signup' },
    { name: 'Purchased', event_name: 'purchase', revenue_currency: 'EUR' },
    { name: 'Saw pricing', page_path: '/pricing' },
  ]) {
    goals.push(
      await data<{ id: number; name: string }>(base, 'POST', `/api/companies/${company.id}/goals`, {
        token,
        body: goal,
      }),
    );
  }
  return { id: company.id, trackingKey: company.tracking_key, owner: email, goals };
}
