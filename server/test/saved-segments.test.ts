import { MAX_SEGMENTS } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { teammate } from './support/teams';

const t = useTestApp();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

async function owner() {
  const user = await signedInUser(t.app, t.mailer);
  const [company] = (await t.app.inject({ url: '/api/companies', headers: user.auth })).json().data;
  const companyId = company.id as number;
  const callAs =
    (auth: Record<string, string>) =>
    (method: Method, path = '', payload?: unknown) =>
      t.app.inject({
        method,
        url: `/api/companies/${companyId}/segments${path}`,
        headers: auth,
        ...(payload !== undefined && { payload: payload as object }),
      });
  const goal = async (name: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/companies/${companyId}/goals`,
        headers: user.auth,
        payload: { name, event_name: name },
      })
    ).json().data.id as number;
  return { user, companyId, call: callAs(user.auth), callAs, goal };
}

describe('saved segments', () => {
  it('are saved with their filters as the detail reads them, listed oldest first, changed and deleted', async () => {
    const { call, goal } = await owner();
    const signup = await goal('signup');
    const created = await call('POST', '', {
      name: 'European buyers',
      filters: { 'prop:plan': 'pro', country: 'de|fr', goal: `${signup}`, page: '!/admin*' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const segment = created.json().data;
    expect(segment).toEqual({
      id: expect.any(Number),
      name: 'European buyers',
      // Countries upper-cased; answered in the detail's order of parameters, property filters last.
      filters: { page: '!/admin*', country: 'DE|FR', goal: `${signup}`, 'prop:plan': 'pro' },
      created_at: expect.stringMatching(/Z$/),
    });
    expect(Object.keys(segment.filters)).toEqual(['page', 'country', 'goal', 'prop:plan']);
    const second = (await call('POST', '', { name: 'Mobile', filters: { device: 'mobile' } })).json().data;
    expect((await call('GET')).json().data).toEqual([segment, second]);

    const renamed = await call('PATCH', `/${segment.id}`, { name: 'Buyers' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toEqual({ ...segment, name: 'Buyers' });
    const refiltered = await call('PATCH', `/${segment.id}`, { filters: { source: '~goo', country: 'us' } });
    expect(refiltered.json().data).toEqual({
      ...segment,
      name: 'Buyers',
      filters: { source: '~goo', country: 'US' },
    });

    expect((await call('DELETE', `/${segment.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${segment.id}`)).statusCode).toBe(404);
    expect((await call('PATCH', `/${segment.id}`, { name: 'Gone' })).statusCode).toBe(404);
    expect((await call('GET')).json().data).toEqual([second]);
  });

  it('are read by every member and saved, changed and deleted by the owner and admins only', async () => {
    const { user, companyId, callAs } = await owner();
    const viewer = callAs((await teammate(t.app, t.mailer, user, companyId, 'viewer')).auth);
    const admin = callAs((await teammate(t.app, t.mailer, user, companyId, 'admin')).auth);
    const made = await admin('POST', '', { name: 'Direct', filters: { source: 'Direct / None' } });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id;
    expect((await viewer('GET')).json().data).toEqual([made.json().data]);

    const refusal = { message: "Only the company's owner and admins can manage its segments." };
    for (const response of [
      await viewer('POST', '', { name: 'Mine', filters: { page: '/' } }),
      await viewer('PATCH', `/${id}`, { name: 'Mine' }),
      await viewer('DELETE', `/${id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    expect((await admin('PATCH', `/${id}`, { name: 'Direct traffic' })).statusCode).toBe(200);
    expect((await admin('DELETE', `/${id}`)).statusCode).toBe(204);
  });

  it('answer 401 without a session and 403 to someone outside the company', async () => {
    const { companyId, call } = await owner();
    const id = (await call('POST', '', { name: 'S', filters: { page: '/' } })).json().data.id;
    const stranger = await signedInUser(t.app, t.mailer);
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['POST', '', { name: 'S', filters: { page: '/' } }],
      ['PATCH', `/${id}`, { name: 'T' }],
      ['DELETE', `/${id}`, undefined],
    ] as const) {
      const url = `/api/companies/${companyId}/segments${path}`;
      const anonymous = await t.app.inject({ method, url, ...(payload && { payload }) });
      expect(anonymous.statusCode, `${method} ${path}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
      const outside = await t.app.inject({
        method,
        url,
        headers: stranger.auth,
        ...(payload && { payload }),
      });
      expect(outside.statusCode, `${method} ${path}`).toBe(403);
    }
  });

  it("are each company's own: another company's segment, an unknown or a malformed id is 404", async () => {
    const first = await owner();
    const second = await owner();
    const theirs = (await first.call('POST', '', { name: 'Theirs', filters: { page: '/' } })).json().data;
    expect((await second.call('PATCH', `/${theirs.id}`, { name: 'Taken' })).statusCode).toBe(404);
    expect((await second.call('DELETE', `/${theirs.id}`)).statusCode).toBe(404);
    expect((await second.call('GET')).json().data).toEqual([]);
    for (const id of ['2000000000', '1e3', '01', 'abc', '2147483648']) {
      expect((await second.call('PATCH', `/${id}`, { name: 'x' })).statusCode, id).toBe(404);
      expect((await second.call('DELETE', `/${id}`)).statusCode, id).toBe(404);
    }
    expect((await first.call('GET')).json().data).toEqual([theirs]);
  });

  it('answer 422 for a missing name or filters, no filter, an unknown filter or a value the detail refuses', async () => {
    const { call } = await owner();
    const errorsOf = async (payload: unknown) => {
      const response = await call('POST', '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toBe('The given data was invalid.');
      return response.json().errors;
    };
    expect(await errorsOf({ filters: { page: '/' } })).toEqual({ name: ['The name field is required.'] });
    expect(await errorsOf({ name: 'S' })).toEqual({ filters: ['The filters field is required.'] });
    expect(await errorsOf({ name: 'S', filters: {} })).toEqual({
      filters: ['The filters field must have at least 1 items.'],
    });
    expect((await errorsOf({ name: 'S', filters: ['page'] })).filters).toEqual([
      'The filters field must be an object.',
    ]);
    expect(await errorsOf({ name: 'S', filters: { page: 3 } })).toEqual({
      'filters.page': ['The filters page field must be a string.'],
    });
    expect(await errorsOf({ name: 'S', filters: { page: '' } })).toEqual({
      'filters.page': ['The filters page field must be at least 1 characters.'],
    });
    expect(await errorsOf({ name: 'S', filters: { colour: 'red', period: '7d' } })).toEqual({
      'filters.colour': ['colour is not a filter.'],
      'filters.period': ['period is not a filter.'],
    });
    expect(Object.keys(await errorsOf({ name: 'S', filters: { country: 'Germany' } }))).toEqual([
      'filters.country',
    ]);
    expect(Object.keys(await errorsOf({ name: 'S', filters: { device: 'fridge' } }))).toEqual([
      'filters.device',
    ]);
    expect(Object.keys(await errorsOf({ name: 'S', filters: { page: '!' } }))).toEqual(['filters.page']);
    expect(Object.keys(await errorsOf({ name: 'S', filters: { event: 'a||b' } }))).toEqual(['filters.event']);
    expect(Object.keys(await errorsOf({ name: 'S', filters: { goal: 'signup' } }))).toEqual(['filters.goal']);
    expect(Object.keys(await errorsOf({ name: 'S', filters: { [`prop:${'k'.repeat(301)}`]: 'v' } }))).toEqual(
      [`filters.prop:${'k'.repeat(301)}`],
    );
    expect(Object.keys(await errorsOf({ name: 'x'.repeat(121), filters: { page: '/' } }))).toEqual(['name']);
    expect((await call('GET')).json().data).toEqual([]);
  });

  it("answer 422 on filters.goal for a goal that is not the company's, whichever alternative names it", async () => {
    const first = await owner();
    const second = await owner();
    const mine = await first.goal('signup');
    const theirs = await second.goal('signup');
    const message = { 'filters.goal': ["The goal field must name this company's goals."] };
    for (const goal of [
      `${theirs}`,
      `${mine}|${theirs}`,
      `!${theirs}`,
      '2000000000',
      '99999999999999999999',
    ]) {
      const response = await first.call('POST', '', { name: 'S', filters: { goal } });
      expect(response.statusCode, goal).toBe(422);
      expect(response.json().errors).toEqual(message);
    }
    expect((await first.call('POST', '', { name: 'S', filters: { goal: `!${mine}` } })).statusCode).toBe(201);
  });

  it('keep their filters when a change is refused', async () => {
    const { call } = await owner();
    const segment = (await call('POST', '', { name: 'S', filters: { browser: 'Firefox' } })).json().data;
    const refused = await call('PATCH', `/${segment.id}`, { name: 'T', filters: { goal: '2000000000' } });
    expect(refused.statusCode).toBe(422);
    const empty = await call('PATCH', `/${segment.id}`, { filters: {} });
    expect(empty.statusCode).toBe(422);
    expect((await call('GET')).json().data).toEqual([segment]);
  });

  it('refuse texts that PostgreSQL could not store with 422, in names, filter names and values', async () => {
    const { call } = await owner();
    const rule = 'must not contain NUL characters or unpaired surrogates.';
    const cases: [unknown, string, string][] = [
      [{ name: 'a\u0000b', filters: { page: '/' } }, 'name', `The name field ${rule}`],
      [{ name: 'S', filters: { page: '/a\u0000' } }, 'filters.page', `The filters page field ${rule}`],
      [{ name: 'S', filters: { page: '/a\ud800' } }, 'filters.page', `The filters page field ${rule}`],
      [
        { name: 'S', filters: { 'prop:plan': 'p\udc00' } },
        'filters.prop:plan',
        `The filters prop:plan field ${rule}`,
      ],
      [
        { name: 'S', filters: { 'prop:a\u0000': 'v' } },
        'filters.prop:a\u0000',
        `The prop:a\u0000 field ${rule}`,
      ],
      [
        { name: 'S', filters: { 'prop:a\ud800': 'v' } },
        'filters.prop:a\ud800',
        `The prop:a\ud800 field ${rule}`,
      ],
      [{ name: 'S', filters: { 'pa\u0000ge': 'v' } }, 'filters.pa\u0000ge', 'pa\u0000ge is not a filter.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await call('POST', '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect((await call('GET')).json().data).toEqual([]);
  });

  it(`are at most ${MAX_SEGMENTS} per company`, async () => {
    const { companyId, call } = await owner();
    for (let made = 1; made < MAX_SEGMENTS; made += 1) {
      await t.app.repos.savedSegments.create(companyId, {
        name: `Segment ${made}`,
        filters: { page: `/p${made}` },
      });
    }
    expect((await call('POST', '', { name: 'Last one', filters: { page: '/' } })).statusCode).toBe(201);
    const refused = await call('POST', '', { name: 'One too many', filters: { page: '/' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      name: [`A company can have at most ${MAX_SEGMENTS} segments; delete one first.`],
    });
    expect((await call('GET')).json().data).toHaveLength(MAX_SEGMENTS);
  });
});
