import type { App } from '../../src/types';
import { PASSWORD } from './accounts';
import { type SignedInAdmin, signedInAdmin } from './admins';
import type { RecordingMailer } from './mailer';
import { createKey, newOwner, type Owner } from './stats-api';

/** What the routes below need: an owner with a company and a stats-API key, an admin, a post, a plan. */
export interface TextFixture {
  owner: Owner;
  apiKey: string;
  admin: SignedInAdmin;
  blogId: number;
  planId: number;
}

export async function textFixture(app: App, mailer: RecordingMailer): Promise<TextFixture> {
  const owner = await newOwner(app, mailer);
  const apiKey = (await createKey(app, owner)).secret;
  const admin = await signedInAdmin(app);
  const post = await app.inject({
    method: 'POST',
    url: '/api/admin/blogs',
    headers: admin.auth,
    payload: { title: 'A post', body_markdown: 'Text', published: true },
  });
  const plans = await app.inject({ url: '/api/plans' });
  const [plan] = plans.json<{ data: { id: number }[] }>().data;
  if (!plan) throw new Error('no plan');
  return { owner, apiKey, admin, blogId: post.json<{ data: { id: number } }>().data.id, planId: plan.id };
}

/**
 * A route that takes text: a valid request, and the fields to spoil one at a time. Body fields are the
 * body's keys (`domains.0` names an array's first item, `filters.page` an object's key); query fields go
 * into the URL's query string.
 */
export interface TextRoute {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: (f: TextFixture) => string;
  auth?: (f: TextFixture) => Record<string, string>;
  body?: Record<string, unknown>;
  /** Fields of the body that are not text, sent as they are. */
  fixedBody?: Record<string, unknown>;
  query?: Record<string, string>;
  /** Its messages name query parameters as written (`utm_source`), not as Laravel's attributes. */
  rawNames?: boolean;
}

const user = (f: TextFixture) => f.owner.auth;
const admin = (f: TextFixture) => f.admin.auth;
const key = (f: TextFixture) => ({ authorization: `Bearer ${f.apiKey}` });
const company =
  (rest = '') =>
  (f: TextFixture) =>
    `/api/companies/${f.owner.companyId}${rest}`;
const fixed = (path: string) => () => path;

/** The account routes of two-factor sign-in, alike for users and admins. */
function twoFactorTextRoutes(
  kind: string,
  base: string,
  auth: (f: TextFixture) => Record<string, string>,
): Record<string, TextRoute> {
  const post = (rest: string, body: Record<string, unknown>): TextRoute => ({
    method: 'POST',
    path: fixed(`${base}${rest}`),
    auth,
    body,
  });
  return {
    [`${kind} two-factor setup`]: post('/setup', { password: PASSWORD }),
    [`${kind} two-factor enable`]: post('/enable', { code: '123456' }),
    [`${kind} two-factor disable`]: post('/disable', { password: PASSWORD, code: '123456' }),
    [`${kind} two-factor recovery codes`]: post('/recovery-codes', { password: PASSWORD, code: '123456' }),
  };
}

const registration = {
  name: 'Ada',
  email: 'new-person@example.com',
  password: PASSWORD,
  password_confirmation: PASSWORD,
  company_name: 'Engines',
  website: 'https://engines.example',
  timezone: 'Europe/Paris',
};
const filters = {
  page: '/a',
  entry_page: '/a',
  exit_page: '/a',
  hostname: 'a.example',
  source: 'Google',
  referrer: 'google.com',
  utm_source: 'a',
  utm_medium: 'a',
  utm_campaign: 'a',
  browser: 'Chrome',
  os: 'Linux',
  event: 'signup',
};
const post = {
  title: 'T',
  body_markdown: 'B',
  excerpt: 'E',
  cover_url: 'https://a.example/c.png',
  slug: 'a-b',
};
const listing = {
  name: 'Shop',
  website: 'https://shop.example',
  description: 'D',
  logo_url: 'https://shop.example/l.png',
  category: 'Shop',
};

/** Every route of the dashboard's context, the stats API and the public ones that read text. */
export const TEXT_ROUTES: Record<string, TextRoute> = {
  register: { method: 'POST', path: fixed('/api/register'), body: registration },
  'register with an invitation': {
    method: 'POST',
    path: fixed('/api/register'),
    body: { name: 'Ada', email: 'new-person@example.com', password: PASSWORD, invitation: 'a-token' },
    fixedBody: { password_confirmation: PASSWORD },
  },
  // Spoiled bodies only: a valid one would delete the fixture's account.
  'account deletion': {
    method: 'DELETE',
    path: fixed('/api/user'),
    auth: user,
    body: { email: 'a@example.com' },
  },
  'company creation': {
    method: 'POST',
    path: fixed('/api/companies'),
    auth: user,
    body: { name: 'N', website: 'https://a.example', timezone: 'UTC' },
  },
  invitation: {
    method: 'POST',
    path: company('/invitations'),
    auth: user,
    body: { email: 'colleague@example.com' },
    fixedBody: { role: 'viewer' },
  },
  login: { method: 'POST', path: fixed('/api/login'), body: { email: 'a@example.com', password: PASSWORD } },
  'admin login': {
    method: 'POST',
    path: fixed('/api/admin/login'),
    body: { email: 'a@example.com', password: PASSWORD },
  },
  ...twoFactorTextRoutes('user', '/api/user/two-factor', user),
  ...twoFactorTextRoutes('admin', '/api/admin/two-factor', admin),
  'two-factor sign-in': {
    method: 'POST',
    path: fixed('/api/login/two-factor'),
    body: { challenge: 'c', code: '123456', recovery_code: 'abcd-efgh-ij' },
  },
  'admin two-factor sign-in': {
    method: 'POST',
    path: fixed('/api/admin/login/two-factor'),
    body: { challenge: 'c', code: '123456', recovery_code: 'abcd-efgh-ij' },
  },
  'admin two-factor enrolment at sign-in': {
    method: 'POST',
    path: fixed('/api/admin/login/two-factor/setup'),
    body: { challenge: 'c' },
  },
  'admin two-factor first code at sign-in': {
    method: 'POST',
    path: fixed('/api/admin/login/two-factor/enable'),
    body: { challenge: 'c', code: '123456' },
  },
  'profile edit': {
    method: 'PATCH',
    path: fixed('/api/user'),
    auth: user,
    body: { name: 'A', email: 'b@example.com' },
  },
  'password change': {
    method: 'PUT',
    path: fixed('/api/user/password'),
    auth: user,
    body: { current_password: PASSWORD, password: 'new password 1', password_confirmation: 'new password 1' },
  },
  'verification link': {
    method: 'POST',
    path: fixed('/api/email/verify/1'),
    query: { expires: '1', signature: 'ab' },
  },
  resend: { method: 'POST', path: fixed('/api/email/resend'), query: { email: 'a@example.com' } },
  'resend (body)': { method: 'POST', path: fixed('/api/email/resend'), body: { email: 'a@example.com' } },
  'reset request': { method: 'POST', path: fixed('/api/password/email'), query: { email: 'a@example.com' } },
  'admin reset request': {
    method: 'POST',
    path: fixed('/api/admin/password/email'),
    query: { email: 'a@example.com' },
  },
  reset: {
    method: 'POST',
    path: fixed('/api/password/reset'),
    query: { email: 'a@example.com', token: 'abc' },
    body: { password: PASSWORD, password_confirmation: PASSWORD },
  },
  'admin reset': {
    method: 'POST',
    path: fixed('/api/admin/password/reset'),
    query: { email: 'a@example.com', token: 'abc' },
    body: { password: PASSWORD, password_confirmation: PASSWORD },
  },
  'company edit': {
    method: 'PATCH',
    path: company(),
    auth: user,
    body: {
      name: 'N',
      website: 'https://a.example',
      'domains.0': 'a.example',
      timezone: 'UTC',
      description: 'D',
      logo_url: 'https://a.example/l.png',
    },
  },
  'API key': { method: 'POST', path: company('/api-keys'), auth: user, body: { name: 'Key' } },
  goal: {
    method: 'POST',
    path: company('/goals'),
    auth: user,
    body: { name: 'Signup', event_name: 'signup' },
  },
  'goal edit': {
    method: 'PATCH',
    path: company('/goals/1'),
    auth: user,
    body: { name: 'Docs', page_path: '/docs/**' },
  },
  funnel: {
    method: 'POST',
    path: company('/funnels'),
    auth: user,
    body: { name: 'Checkout' },
    fixedBody: { steps: [1, 2] },
  },
  segment: {
    method: 'POST',
    path: company('/segments'),
    auth: user,
    body: { name: 'Buyers', 'filters.page': '/pricing', 'filters.prop:plan': 'pro' },
  },
  'segment edit': {
    method: 'PATCH',
    path: company('/segments/1'),
    auth: user,
    body: { name: 'Buyers', 'filters.source': 'Google' },
  },
  'shared link': {
    method: 'POST',
    path: company('/shared-links'),
    auth: user,
    body: { name: 'Board', password: 'open sesame', expires_at: '2999-01-01T00:00:00.000Z' },
  },
  // The body is checked before the link is looked up: no link needs to exist.
  'shared link unlock': {
    method: 'POST',
    path: fixed('/api/shared/an-unknown-token-of-32-characters/unlock'),
    body: { password: 'open sesame' },
  },
  // The query is checked before the link is looked up, as for the funnel report.
  'shared analytics': {
    method: 'GET',
    path: fixed('/api/shared/an-unknown-token-of-32-characters/analytics-detail'),
    query: filters,
    rawNames: true,
  },
  annotation: {
    method: 'POST',
    path: company('/annotations'),
    auth: user,
    body: { date: '2026-03-10', text: 'Launch day' },
  },
  'alert channel': {
    method: 'POST',
    path: company('/alert-channels'),
    auth: user,
    body: { name: 'Team', target: 'team@example.com' },
    fixedBody: { kind: 'email' },
  },
  'alert channel edit': {
    method: 'PATCH',
    path: company('/alert-channels/1'),
    auth: user,
    body: { name: 'Team', target: 'team@example.com' },
  },
  alert: {
    method: 'POST',
    path: company('/alerts'),
    auth: user,
    body: { event_name: 'Signup' },
    fixedBody: { kind: 'goal', threshold: 1, channel_ids: [1] },
  },
  'alert edit': {
    method: 'PATCH',
    path: company('/alerts/1'),
    auth: user,
    body: { event_name: 'Signup' },
  },
  'e-mail report preview': {
    method: 'GET',
    path: company('/email-reports/preview'),
    auth: user,
    query: { kind: 'weekly' },
  },
  'e-mail report unsubscribe link': {
    method: 'GET',
    path: fixed('/api/email-reports/unsubscribe'),
    query: { token: '1.1.weekly.abc' },
  },
  'e-mail report one-click unsubscribe': {
    method: 'POST',
    path: fixed('/api/email-reports/unsubscribe'),
    query: { token: '1.1.weekly.abc' },
  },
  'API usage': {
    method: 'GET',
    path: company('/api-usage'),
    auth: user,
    query: { from: '2026-01-01', to: '2026-01-02' },
  },
  'data count': {
    method: 'GET',
    path: company('/data'),
    auth: user,
    query: { from: '2026-01-01', to: '2026-01-02' },
  },
  'data deletion': {
    method: 'DELETE',
    path: company('/data'),
    auth: user,
    query: { from: '2026-01-01', to: '2026-01-02' },
  },
  'recent events': { method: 'GET', path: company('/events/recent'), auth: user, query: { after: '1-1-1' } },
  analytics: {
    method: 'GET',
    path: (f) => `/api/company-visitor-analytics-detail/${f.owner.companyId}`,
    auth: user,
    query: filters,
    rawNames: true,
  },
  // The query is checked before the funnel is looked up: no funnel needs to exist.
  'funnel report': {
    method: 'GET',
    path: company('/funnels/1/report'),
    auth: user,
    query: filters,
    rawNames: true,
  },
  'stats API': {
    method: 'GET',
    path: (f) => `/api/v1/stats/${f.owner.companyId}`,
    auth: key,
    query: filters,
    rawNames: true,
  },
  listings: { method: 'GET', path: fixed('/api/listings'), query: { q: 'shop' } },
  subscribe: { method: 'POST', path: fixed('/api/subscribe'), body: { email: 'a@example.com' } },
  'admin companies': { method: 'GET', path: fixed('/api/admin/companies'), auth: admin, query: { q: 'a' } },
  'admin company edit': {
    method: 'PATCH',
    path: (f) => `/api/admin/companies/${f.owner.companyId}`,
    auth: admin,
    body: listing,
  },
  'admin listing': { method: 'POST', path: fixed('/api/admin/listings'), auth: admin, body: listing },
  'admin users': { method: 'GET', path: fixed('/api/admin/users'), auth: admin, query: { q: 'a' } },
  'audit log': {
    method: 'GET',
    path: company('/audit-log'),
    auth: user,
    query: { action: 'goal.created', from: '2026-01-01', to: '2026-01-02', cursor: '1.1' },
  },
  'own audit log': {
    method: 'GET',
    path: fixed('/api/user/audit-log'),
    auth: user,
    query: { action: 'account.', from: '2026-01-01', to: '2026-01-02', cursor: '1.1' },
  },
  'admin audit log': {
    method: 'GET',
    path: fixed('/api/admin/audit-log'),
    auth: admin,
    query: { action: 'member.', from: '2026-01-01', to: '2026-01-02', cursor: '1.1' },
  },
  'admin subscribers': {
    method: 'GET',
    path: fixed('/api/admin/subscribers'),
    auth: admin,
    query: { q: 'a' },
  },
  'admin new post': {
    method: 'POST',
    path: fixed('/api/admin/blogs'),
    auth: admin,
    body: post,
    fixedBody: { published: false },
  },
  'admin post edit': {
    method: 'PATCH',
    path: (f) => `/api/admin/blogs/${f.blogId}`,
    auth: admin,
    body: post,
  },
  'admin post preview': {
    method: 'POST',
    path: fixed('/api/admin/blogs/preview'),
    auth: admin,
    body: { body_markdown: 'B' },
  },
  'admin plan edit': {
    method: 'PATCH',
    path: (f) => `/api/admin/plans/${f.planId}`,
    auth: admin,
    body: { name: 'Plan', 'features.0': 'Feature' },
  },
};

/** The JSON body of a route, its dotted keys made into arrays (`domains.0`) or objects (`filters.page`). */
export function bodyOf(fields: Record<string, unknown>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const [field = name, key] = name.split('.');
    if (key === undefined) body[field] = value;
    else if (/^\d+$/.test(key)) body[field] = [value];
    else body[field] = { ...(body[field] as Record<string, unknown> | undefined), [key]: value };
  }
  return body;
}
