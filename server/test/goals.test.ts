import { MAX_GOALS } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';

const t = useTestApp();

async function owner() {
  const user = await signedInUser(t.app, t.mailer);
  const [company] = (await t.app.inject({ url: '/api/companies', headers: user.auth })).json().data;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path = '', payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/companies/${company.id}/goals${path}`,
      headers: user.auth,
      ...(payload !== undefined && { payload: payload as object }),
    });
  return { user, companyId: company.id as number, call };
}

describe('goals', () => {
  it('are created, listed oldest first, changed and deleted', async () => {
    const { call } = await owner();
    const signup = await call('POST', '', {
      name: 'Signup',
      event_name: 'signup',
      prop: { key: 'plan', value: 'pro' },
    });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json().data).toEqual({
      id: expect.any(Number),
      name: 'Signup',
      kind: 'event',
      event_name: 'signup',
      page_path: null,
      prop: { key: 'plan', value: 'pro' },
      revenue_currency: null,
      created_at: expect.stringMatching(/Z$/),
    });
    const docs = (await call('POST', '', { name: 'Read the docs', page_path: '/docs/**' })).json().data;
    expect(docs).toMatchObject({ kind: 'page', event_name: null, page_path: '/docs/**', prop: null });
    expect((await call('GET')).json().data.map((goal: { name: string }) => goal.name)).toEqual([
      'Signup',
      'Read the docs',
    ]);

    const id = signup.json().data.id;
    const renamed = await call('PATCH', `/${id}`, { name: 'Pro signup' });
    expect(renamed.json().data).toMatchObject({
      name: 'Pro signup',
      event_name: 'signup',
      prop: { key: 'plan' },
    });
    const page = await call('PATCH', `/${id}`, { page_path: '/thanks' });
    expect(page.json().data).toMatchObject({
      kind: 'page',
      event_name: null,
      page_path: '/thanks',
      prop: null,
    });
    // A revenue goal: an event goal with a currency, upper-cased; a page goal drops it.
    const revenue = await call('PATCH', `/${id}`, {
      event_name: 'purchase',
      prop: { key: 'plan', value: 'pro' },
      revenue_currency: 'eur',
    });
    expect(revenue.json().data).toMatchObject({ kind: 'event', revenue_currency: 'EUR' });
    expect(
      (await call('PATCH', `/${id}`, { revenue_currency: null })).json().data.revenue_currency,
    ).toBeNull();
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/${id}`, { name: 'Gone' })).statusCode).toBe(404);
    expect((await call('GET')).json().data).toHaveLength(1);
  });

  it('answer 422 for a missing name, both kinds or neither, a relative path, or a property on a page goal', async () => {
    const { call } = await owner();
    const errorsOf = async (payload: unknown) => {
      const response = await call('POST', '', payload);
      expect(response.statusCode).toBe(422);
      return response.json().errors;
    };
    expect((await errorsOf({ event_name: 'x' })).name).toEqual(['The name field is required.']);
    expect(Object.keys(await errorsOf({ name: 'X', event_name: 'a', page_path: '/a' })).sort()).toEqual([
      'event_name',
      'page_path',
    ]);
    expect((await errorsOf({ name: 'X' })).event_name).toEqual(['Give an event name or a page path.']);
    expect((await errorsOf({ name: 'X', page_path: 'docs' })).page_path).toBeDefined();
    expect(
      (await errorsOf({ name: 'X', page_path: '/a', prop: { key: 'k', value: 'v' } })).prop,
    ).toBeDefined();
    expect(
      (await errorsOf({ name: 'X', event_name: 'e', prop: { key: '', value: 'v' } }))['prop.key'],
    ).toBeDefined();
    expect(
      (await errorsOf({ name: 'X', page_path: '/a', revenue_currency: 'EUR' })).revenue_currency,
    ).toEqual(['Only a goal on a custom event can count revenue.']);
    for (const currency of ['EURO', 'E1R', 'E']) {
      expect(
        (await errorsOf({ name: 'X', event_name: 'e', revenue_currency: currency })).revenue_currency,
      ).toBeDefined();
    }
    expect((await call('GET')).json().data).toEqual([]);
  });

  it("are each company's own: another company's goal id is 404, and a company holds at most 100", async () => {
    const first = await owner();
    const second = await owner();
    const goal = (await first.call('POST', '', { name: 'Mine', event_name: 'mine' })).json().data;
    expect((await second.call('PATCH', `/${goal.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await second.call('DELETE', `/${goal.id}`)).statusCode).toBe(404);
    expect((await second.call('PATCH', '/1e3', { name: 'x' })).statusCode).toBe(404);
    for (let made = 1; made < MAX_GOALS; made += 1) {
      expect(
        (await first.call('POST', '', { name: `Goal ${made}`, page_path: `/p${made}` })).statusCode,
      ).toBe(201);
    }
    const refused = await first.call('POST', '', { name: 'One too many', page_path: '/x' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.name[0]).toContain(String(MAX_GOALS));
  });
});
