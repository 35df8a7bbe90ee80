import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';

// Every company route, the least role of the company's team it admits (docs/api.md "Sites and teams"), and a request
// that a caller with that role gets past authorization with: harmless (unknown ids answer 404, bodies
// that name nothing answer 422), except the last, which deletes the company.

type Role = 'viewer' | 'admin' | 'owner';
type Caller = 'outsider' | Role;

interface RouteCase {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route as the OpenAPI document writes it. */
  path: string;
  least: Role;
  url: (id: number) => string;
  body?: unknown;
  headers?: Record<string, string>;
}

const NONE = 2_000_000_000;

const ROUTES: RouteCase[] = [
  { method: 'GET', path: '/api/companies/{id}', least: 'viewer', url: (id) => `/api/companies/${id}` },
  {
    method: 'GET',
    path: '/api/company-visitor-analytics-detail/{id}',
    least: 'viewer',
    url: (id) => `/api/company-visitor-analytics-detail/${id}?period=7d`,
  },
  {
    method: 'GET',
    path: '/api/company-visitor-analytics-realtime/{id}',
    least: 'viewer',
    url: (id) => `/api/company-visitor-analytics-realtime/${id}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/usage',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/usage`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/api-usage',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/api-usage`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/events/recent',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/events/recent`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/installation',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/installation`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/members',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/members`,
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/members/{user_id}',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/members/${NONE}`,
  },
  {
    method: 'PATCH',
    path: '/api/companies/{id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}`,
    body: { description: 'Edited' },
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/api-keys',
    least: 'admin',
    url: (id) => `/api/companies/${id}/api-keys`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/api-keys',
    least: 'admin',
    url: (id) => `/api/companies/${id}/api-keys`,
    body: { name: 'Permission check' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/api-keys/{key_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/api-keys/${NONE}`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/import',
    least: 'admin',
    url: (id) => `/api/companies/${id}/import`,
    body: '',
    headers: { 'content-type': 'application/x-ndjson' },
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/export',
    least: 'admin',
    url: (id) => `/api/companies/${id}/export`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/invitations',
    least: 'admin',
    url: (id) => `/api/companies/${id}/invitations`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/invitations',
    least: 'admin',
    url: (id) => `/api/companies/${id}/invitations`,
    body: { email: 'invited-by-the-table@example.com', role: 'viewer' },
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/invitations/{invitation_id}/resend',
    least: 'admin',
    url: (id) => `/api/companies/${id}/invitations/${NONE}/resend`,
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/invitations/{invitation_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/invitations/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/goals',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/goals`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/goals',
    least: 'admin',
    url: (id) => `/api/companies/${id}/goals`,
    body: { name: 'Permission check', event_name: 'signup' },
  },
  {
    method: 'PATCH',
    path: '/api/companies/{id}/goals/{goal_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/goals/${NONE}`,
    body: { name: 'Renamed' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/goals/{goal_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/goals/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/funnels',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/funnels`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/funnels/{funnel_id}',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/funnels/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/funnels/{funnel_id}/report',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/funnels/${NONE}/report`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/funnels',
    least: 'admin',
    url: (id) => `/api/companies/${id}/funnels`,
    body: { name: 'Permission check', steps: [NONE, NONE - 1] },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/funnels/{funnel_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/funnels/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/segments',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/segments`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/segments',
    least: 'admin',
    url: (id) => `/api/companies/${id}/segments`,
    body: { name: 'Permission check', filters: { page: '/pricing' } },
  },
  {
    method: 'PATCH',
    path: '/api/companies/{id}/segments/{segment_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/segments/${NONE}`,
    body: { name: 'Renamed' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/segments/{segment_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/segments/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/shared-links',
    least: 'admin',
    url: (id) => `/api/companies/${id}/shared-links`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/shared-links',
    least: 'admin',
    url: (id) => `/api/companies/${id}/shared-links`,
    // An expiry in the past: 422, no link made.
    body: { name: 'Permission check', expires_at: '2000-01-01T00:00:00.000Z' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/shared-links/{link_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/shared-links/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/annotations',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/annotations`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/annotations',
    least: 'admin',
    url: (id) => `/api/companies/${id}/annotations`,
    // A reversed range: past authorization, refused before anything is stored.
    body: { date: '2026-03-10', end_date: '2026-03-09', text: 'Permission check' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/annotations/{annotation_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/annotations/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/alert-channels',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alert-channels`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/alert-channels',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alert-channels`,
    body: { name: 'Permission check', kind: 'email', target: 'not an address' },
  },
  {
    method: 'PATCH',
    path: '/api/companies/{id}/alert-channels/{channel_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alert-channels/${NONE}`,
    body: { name: 'Renamed' },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/alert-channels/{channel_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alert-channels/${NONE}`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/alert-channels/{channel_id}/test',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alert-channels/${NONE}/test`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/alert-channels/{channel_id}/deliveries',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alert-channels/${NONE}/deliveries`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/alerts',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alerts`,
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/alerts',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alerts`,
    body: { kind: 'spike', threshold: 10, channel_ids: [NONE] },
  },
  {
    method: 'PATCH',
    path: '/api/companies/{id}/alerts/{alert_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alerts/${NONE}`,
    body: { threshold: 5 },
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/alerts/{alert_id}',
    least: 'admin',
    url: (id) => `/api/companies/${id}/alerts/${NONE}`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/email-reports',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/email-reports`,
  },
  {
    method: 'PUT',
    path: '/api/companies/{id}/email-reports',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/email-reports`,
    body: { weekly: false, monthly: false },
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/email-reports/preview',
    least: 'viewer',
    url: (id) => `/api/companies/${id}/email-reports/preview?kind=weekly`,
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/audit-log',
    least: 'admin',
    url: (id) => `/api/companies/${id}/audit-log?action=member.`,
  },
  {
    method: 'PATCH',
    path: '/api/companies/{id}/members/{user_id}',
    least: 'owner',
    url: (id) => `/api/companies/${id}/members/${NONE}`,
    body: { role: 'viewer' },
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/transfer-ownership',
    least: 'owner',
    url: (id) => `/api/companies/${id}/transfer-ownership`,
    body: { user_id: NONE },
  },
  {
    method: 'POST',
    path: '/api/companies/{id}/checkout',
    least: 'owner',
    url: (id) => `/api/companies/${id}/checkout`,
    body: { plan_id: NONE },
  },
  {
    method: 'GET',
    path: '/api/companies/{id}/data',
    least: 'owner',
    url: (id) => `/api/companies/${id}/data?from=2026-01-01&to=2026-01-02`,
  },
  {
    method: 'DELETE',
    path: '/api/companies/{id}/data',
    least: 'owner',
    url: (id) => `/api/companies/${id}/data?from=garbage&to=garbage`,
  },
  // Last: the owner's request deletes the company.
  { method: 'DELETE', path: '/api/companies/{id}', least: 'owner', url: (id) => `/api/companies/${id}` },
];

const CALLERS: Caller[] = ['outsider', 'viewer', 'admin', 'owner'];
const RANK: Record<Caller, number> = { outsider: -1, viewer: 0, admin: 1, owner: 2 };

const t = useTestApp();

describe('company routes and roles', () => {
  it('the table lists every company route of the API document, with the least role the document states', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { 'x-least-role'?: string }>>;
    }>();
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation['x-least-role'] !== undefined)
        .map(([method, operation]) => `${method.toUpperCase()} ${path} ${operation['x-least-role']}`),
    );
    const tabled = ROUTES.map((route) => `${route.method} ${route.path} ${route.least}`);
    expect(documented.sort()).toEqual(tabled.sort());
    // Every route under a company's id declares its role: none relies on its handler alone.
    const undeclared = Object.entries(document.paths)
      .filter(([path]) =>
        /^\/api\/(companies|company-visitor-analytics-(detail|realtime))\/\{id\}/.test(path),
      )
      .flatMap(([path, operations]) =>
        Object.entries(operations)
          .filter(([, operation]) => operation['x-least-role'] === undefined)
          .map(([method]) => `${method} ${path}`),
      );
    expect(undeclared).toEqual([]);
  });

  it('each route admits its least role and those above, and refuses those below with 403', async () => {
    const owner = await signedInUser(t.app, t.mailer);
    const [company] = (await t.app.inject({ url: '/api/companies', headers: owner.auth })).json().data;
    const team: Record<Caller, { auth: Record<string, string> }> = {
      owner,
      admin: await teammate(t.app, t.mailer, owner, company.id, 'admin'),
      viewer: await teammate(t.app, t.mailer, owner, company.id, 'viewer'),
      outsider: await signedInUser(t.app, t.mailer),
    };
    const outcomes: string[] = [];
    const expected: string[] = [];
    for (const route of ROUTES) {
      for (const caller of CALLERS) {
        const json = route.body !== undefined && typeof route.body !== 'string';
        const response = await t.app.inject({
          method: route.method,
          url: route.url(company.id),
          headers: {
            ...team[caller].auth,
            ...(json && { 'content-type': 'application/json' }),
            ...route.headers,
          },
          ...(route.body !== undefined && {
            payload: json ? JSON.stringify(route.body) : String(route.body),
          }),
        });
        const allowed = RANK[caller] >= RANK[route.least];
        expect(
          response.statusCode,
          `${route.method} ${route.path} as ${caller}: ${response.body}`,
        ).toBeLessThan(500);
        outcomes.push(
          `${route.method} ${route.path} ${caller} ${response.statusCode === 403 ? 'refused' : 'admitted'}`,
        );
        expected.push(`${route.method} ${route.path} ${caller} ${allowed ? 'admitted' : 'refused'}`);
      }
    }
    expect(outcomes).toEqual(expected);
  });
});
