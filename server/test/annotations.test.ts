import { MAX_ANNOTATION_LENGTH } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { sealedBody, useTestApp } from './support/app';
import { teammate } from './support/teams';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'DELETE';
type Auth = Record<string, string>;

async function site() {
  const owner = await signedInUser(t.app, t.mailer, { name: 'Olive Owner' });
  const [company] = (await t.app.inject({ url: '/api/companies', headers: owner.auth })).json().data;
  const companyId = company.id as number;
  const callAs =
    (auth: Auth) =>
    (method: Method, path = '', payload?: unknown) =>
      t.app.inject({
        method,
        url: `/api/companies/${companyId}/annotations${path}`,
        headers: auth,
        ...(payload !== undefined && { payload: payload as object }),
      });
  return { owner, companyId, call: callAs(owner.auth), callAs };
}

/** A day `days` before today in UTC (the test sites' time zone), `YYYY-MM-DD`. */
function daysAgo(days: number): string {
  return new Date(t.clock.now().getTime() - days * 86_400_000).toISOString().slice(0, 10);
}

async function detailOf(companyId: number, auth: Auth, query: string) {
  const response = await t.app.inject({
    url: `/api/company-visitor-analytics-detail/${companyId}?${query}`,
    headers: auth,
  });
  expect(response.statusCode, response.body).toBe(200);
  return sealedBody<{ data: { annotations: unknown[] } }>(response).data;
}

describe('annotations', () => {
  it('are written with their author, listed by date, and deleted', async () => {
    const { call } = await site();
    const launch = await call('POST', '', { date: daysAgo(3), text: '  Launched on Product Hunt  ' });
    expect(launch.statusCode, launch.body).toBe(201);
    expect(launch.json().data).toEqual({
      id: expect.any(Number),
      date: daysAgo(3),
      end_date: null,
      text: 'Launched on Product Hunt',
      author: 'Olive Owner',
      created_at: expect.stringMatching(/Z$/),
    });
    const sale = (
      await call('POST', '', { date: daysAgo(20), end_date: daysAgo(14), text: 'Winter sale' })
    ).json().data;
    expect(sale).toMatchObject({ date: daysAgo(20), end_date: daysAgo(14) });
    // An end on the same day is a single day.
    const sameDay = (
      await call('POST', '', { date: daysAgo(1), end_date: daysAgo(1), text: 'Outage' })
    ).json().data;
    expect(sameDay.end_date).toBeNull();

    expect((await call('GET')).json().data).toEqual([sale, launch.json().data, sameDay]);
    expect((await call('DELETE', `/${sale.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${sale.id}`)).statusCode).toBe(404);
    expect((await call('GET')).json().data.map((note: { id: number }) => note.id)).toEqual([
      launch.json().data.id,
      sameDay.id,
    ]);
  });

  it('reach the analytics detail when they touch its range, for every member', async () => {
    const { owner, companyId, call } = await site();
    const viewer = await teammate(t.app, t.mailer, owner, companyId, 'viewer');
    const inside = (await call('POST', '', { date: daysAgo(2), text: 'Inside the week' })).json().data;
    const overlapping = (
      await call('POST', '', { date: daysAgo(10), end_date: daysAgo(6), text: 'Runs into the week' })
    ).json().data;
    await call('POST', '', { date: daysAgo(10), end_date: daysAgo(7), text: 'Ends before the week' });
    await call('POST', '', { date: daysAgo(40), text: 'A month ago' });

    expect((await detailOf(companyId, viewer.auth, 'period=7d')).annotations).toEqual([overlapping, inside]);
    expect((await detailOf(companyId, viewer.auth, 'period=today')).annotations).toEqual([]);
    const custom = await detailOf(
      companyId,
      owner.auth,
      `period=custom&from=${daysAgo(40)}&to=${daysAgo(40)}`,
    );
    expect(custom.annotations).toEqual([expect.objectContaining({ text: 'A month ago' })]);
  });

  it("answer the author's current name, and the name they wrote under once their account is gone", async () => {
    const { owner, companyId, call } = await site();
    const admin = await teammate(t.app, t.mailer, owner, companyId, 'admin');
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: admin.auth,
      payload: { name: 'Ada Admin' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const written = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${companyId}/annotations`,
      headers: admin.auth,
      payload: { date: daysAgo(1), text: 'New pricing page' },
    });
    expect(written.json().data.author).toBe('Ada Admin');
    await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: admin.auth,
      payload: { name: 'Ada Lovelace' },
    });
    expect((await call('GET')).json().data[0].author).toBe('Ada Lovelace');

    const gone = await t.app.inject({
      method: 'DELETE',
      url: '/api/user',
      headers: admin.auth,
      payload: { email: admin.email, current_password: admin.password },
    });
    expect(gone.statusCode, gone.body).toBe(204);
    expect((await call('GET')).json().data).toEqual([expect.objectContaining({ author: 'Ada Admin' })]);
  });

  it('are read by viewers and written and deleted only by owners and admins', async () => {
    const { owner, companyId, call, callAs } = await site();
    const viewer = await teammate(t.app, t.mailer, owner, companyId, 'viewer');
    const note = (await call('POST', '', { date: daysAgo(1), text: 'Mine' })).json().data;
    const asViewer = callAs(viewer.auth);
    expect((await asViewer('GET')).json().data).toEqual([note]);
    const refused = await asViewer('POST', '', { date: daysAgo(1), text: 'Theirs' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe("Only the company's owner and admins can manage its annotations.");
    expect((await asViewer('DELETE', `/${note.id}`)).statusCode).toBe(403);

    const stranger = await signedInUser(t.app, t.mailer);
    expect((await callAs(stranger.auth)('GET')).statusCode).toBe(403);
    expect((await callAs({})('GET')).statusCode).toBe(401);
    // Another company's note is not found through this one.
    const other = await site();
    expect((await other.call('DELETE', `/${note.id}`)).statusCode).toBe(404);
    expect((await call('GET')).json().data).toEqual([note]);
  });

  it('refuse bad dates, reversed ranges, blank and long texts with 422 and store nothing', async () => {
    const { call } = await site();
    const cases: [unknown, string][] = [
      [{ text: 'No date' }, 'date'],
      [{ date: '2026-02-30', text: 'Not a day' }, 'date'],
      [{ date: '26-01-01', text: 'Short year' }, 'date'],
      [{ date: 20260101, text: 'A number' }, 'date'],
      [{ date: '2026-03-10', end_date: '2026-03-09', text: 'Reversed' }, 'end_date'],
      [{ date: '2026-03-10', end_date: 'soon', text: 'Bad end' }, 'end_date'],
      [{ date: '2026-03-10' }, 'text'],
      [{ date: '2026-03-10', text: '' }, 'text'],
      [{ date: '2026-03-10', text: '   ' }, 'text'],
      [{ date: '2026-03-10', text: 'x'.repeat(MAX_ANNOTATION_LENGTH + 1) }, 'text'],
    ];
    for (const [payload, field] of cases) {
      const refused = await call('POST', '', payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(Object.keys(refused.json().errors), JSON.stringify(payload)).toContain(field);
    }
    const longest = await call('POST', '', { date: '2026-03-10', text: 'x'.repeat(MAX_ANNOTATION_LENGTH) });
    expect(longest.statusCode).toBe(201);
    expect((await call('GET')).json().data).toHaveLength(1);
    expect((await call('DELETE', '/not-an-id')).statusCode).toBe(404);
  });
});
