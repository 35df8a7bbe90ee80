import { MAX_FUNNELS } from '@footfall/contract';
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
  const request = (auth: Record<string, string>, method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url: `/api/companies/${companyId}${url}`,
      headers: auth,
      ...(payload !== undefined && { payload: payload as object }),
    });
  const callAs =
    (auth: Record<string, string>) =>
    (method: Method, path = '', payload?: unknown) =>
      request(auth, method, `/funnels${path}`, payload);
  const goal = async (name: string) =>
    (await request(user.auth, 'POST', '/goals', { name, event_name: name })).json().data.id as number;
  const deleteGoal = (goalId: number) => request(user.auth, 'DELETE', `/goals/${goalId}`);
  return { user, companyId, call: callAs(user.auth), callAs, goal, deleteGoal };
}

describe('funnels', () => {
  it('are created with their steps in order, listed oldest first, read one by one and deleted', async () => {
    const { call, goal } = await owner();
    const [visit, signup, pay] = [await goal('visit'), await goal('signup'), await goal('pay')];
    const created = await call('POST', '', { name: 'Checkout', steps: [visit, signup, pay] });
    expect(created.statusCode, created.body).toBe(201);
    const funnel = created.json().data;
    expect(funnel).toEqual({
      id: expect.any(Number),
      name: 'Checkout',
      steps: [visit, signup, pay],
      created_at: expect.stringMatching(/Z$/),
    });
    // A goal may come back later in the funnel, after another step.
    const loop = (await call('POST', '', { name: 'Back again', steps: [pay, visit, pay] })).json().data;
    expect(loop.steps).toEqual([pay, visit, pay]);
    expect((await call('GET')).json().data).toEqual([funnel, loop]);
    const one = await call('GET', `/${funnel.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ data: funnel });

    expect((await call('DELETE', `/${funnel.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/${funnel.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/${funnel.id}`)).statusCode).toBe(404);
    expect((await call('GET')).json().data).toEqual([loop]);
  });

  it('are read by every member and created and deleted by the owner and admins only', async () => {
    const { user, companyId, callAs, goal } = await owner();
    const steps = [await goal('a'), await goal('b')];
    const viewer = callAs((await teammate(t.app, t.mailer, user, companyId, 'viewer')).auth);
    const admin = callAs((await teammate(t.app, t.mailer, user, companyId, 'admin')).auth);
    const made = await admin('POST', '', { name: 'A to B', steps });
    expect(made.statusCode, made.body).toBe(201);
    const funnel = made.json().data;
    expect((await viewer('GET')).json().data).toEqual([funnel]);
    expect((await viewer('GET', `/${funnel.id}`)).json().data).toEqual(funnel);

    const refusal = { message: "Only the company's owner and admins can manage its funnels." };
    for (const response of [
      await viewer('POST', '', { name: 'Mine', steps }),
      await viewer('DELETE', `/${funnel.id}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(refusal);
    }
    expect((await admin('DELETE', `/${funnel.id}`)).statusCode).toBe(204);
  });

  it('answer 401 without a session and 403 to someone outside the company', async () => {
    const { companyId, call, goal } = await owner();
    const steps = [await goal('a'), await goal('b')];
    const id = (await call('POST', '', { name: 'F', steps })).json().data.id;
    const stranger = await signedInUser(t.app, t.mailer);
    for (const [method, path, payload] of [
      ['GET', '', undefined],
      ['GET', `/${id}`, undefined],
      ['POST', '', { name: 'F', steps }],
      ['DELETE', `/${id}`, undefined],
    ] as const) {
      const url = `/api/companies/${companyId}/funnels${path}`;
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
    expect((await call('GET')).json().data).toHaveLength(1);
  });

  it("are each company's own: another company's funnel, an unknown or a malformed id is 404", async () => {
    const first = await owner();
    const second = await owner();
    const steps = [await first.goal('a'), await first.goal('b')];
    const theirs = (await first.call('POST', '', { name: 'Theirs', steps })).json().data;
    expect((await second.call('GET', `/${theirs.id}`)).statusCode).toBe(404);
    expect((await second.call('DELETE', `/${theirs.id}`)).statusCode).toBe(404);
    expect((await second.call('GET')).json().data).toEqual([]);
    for (const id of ['2000000000', '1e3', '01', 'abc', '2147483648']) {
      expect((await second.call('GET', `/${id}`)).statusCode, id).toBe(404);
      expect((await second.call('DELETE', `/${id}`)).statusCode, id).toBe(404);
    }
    expect((await first.call('GET')).json().data).toEqual([theirs]);
  });

  it('answer 422 for a missing name, fewer than 2 or more than 8 steps, or a step that is not a goal id', async () => {
    const { call, goal } = await owner();
    const ids: number[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']) ids.push(await goal(name));
    const [a = 0, b = 0] = ids;
    const errorsOf = async (payload: unknown) => {
      const response = await call('POST', '', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toBe('The given data was invalid.');
      return response.json().errors;
    };
    expect(await errorsOf({ steps: [a, b] })).toEqual({ name: ['The name field is required.'] });
    expect(await errorsOf({ name: 'F' })).toEqual({ steps: ['The steps field is required.'] });
    expect(await errorsOf({ name: 'F', steps: [a] })).toEqual({
      steps: ['The steps field must have at least 2 items.'],
    });
    expect(await errorsOf({ name: 'F', steps: ids })).toEqual({
      steps: ['The steps field must not have more than 8 items.'],
    });
    expect(await errorsOf({ name: 'F', steps: [a, 'b'] })).toEqual({
      'steps.1': ['The steps 1 field must be an integer.'],
    });
    expect(Object.keys(await errorsOf({ name: 'F', steps: [a, 0] }))).toEqual(['steps.1']);
    expect(Object.keys(await errorsOf({ name: 'F', steps: [a, 1.5] }))).toEqual(['steps.1']);
    expect(Object.keys(await errorsOf({ name: 'F', steps: 'a,b' }))).toEqual(['steps']);
    expect(Object.keys(await errorsOf({ name: 'x'.repeat(121), steps: [a, b] }))).toEqual(['name']);
    expect(await errorsOf({ name: 'F', steps: [a, a, b] })).toEqual({
      steps: ['A step must differ from the one before it.'],
    });
    expect((await call('POST', '', { name: 'Eight', steps: ids.slice(0, 8) })).statusCode).toBe(201);
    expect((await call('GET')).json().data).toHaveLength(1);
  });

  it("answer 422 on steps for a goal that is not the company's", async () => {
    const first = await owner();
    const second = await owner();
    const mine = await first.goal('mine');
    const theirs = await second.goal('theirs');
    const message = { steps: ["Each step must be one of this company's goals."] };
    for (const steps of [
      [mine, theirs],
      [theirs, mine],
      [mine, 2_000_000_000],
      [mine, 99_999_999_999],
    ]) {
      const response = await first.call('POST', '', { name: 'F', steps });
      expect(response.statusCode, JSON.stringify(steps)).toBe(422);
      expect(response.json().errors).toEqual(message);
    }
    const both = await first.call('POST', '', { name: 'F', steps: [theirs, theirs] });
    expect(both.json().errors).toEqual({
      steps: ["Each step must be one of this company's goals.", 'A step must differ from the one before it.'],
    });
    expect((await first.call('GET')).json().data).toEqual([]);
  });

  it('that name a goal are deleted with it, and the others stay', async () => {
    const { call, goal, deleteGoal } = await owner();
    const [a, b, c] = [await goal('a'), await goal('b'), await goal('c')];
    const first = (await call('POST', '', { name: 'A to B', steps: [a, b] })).json().data;
    const last = (await call('POST', '', { name: 'C to A', steps: [c, b, a] })).json().data;
    const without = (await call('POST', '', { name: 'B to C', steps: [b, c] })).json().data;
    const other = await owner();
    const elsewhere = (
      await other.call('POST', '', {
        name: 'Elsewhere',
        steps: [await other.goal('x'), await other.goal('y')],
      })
    ).json().data;

    expect((await deleteGoal(a)).statusCode).toBe(204);
    expect((await call('GET')).json().data).toEqual([without]);
    expect((await call('GET', `/${first.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/${last.id}`)).statusCode).toBe(404);
    expect((await deleteGoal(a)).statusCode).toBe(404);
    expect((await call('GET')).json().data).toEqual([without]);
    expect((await other.call('GET')).json().data).toEqual([elsewhere]);
  });

  it('refuse a name that PostgreSQL could not store with 422', async () => {
    const { call, goal } = await owner();
    const steps = [await goal('a'), await goal('b')];
    for (const name of ['a\u0000b', 'a\ud800', '\udc00b']) {
      const response = await call('POST', '', { name, steps });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({
        name: ['The name field must not contain NUL characters or unpaired surrogates.'],
      });
    }
    expect((await call('GET')).json().data).toEqual([]);
  });

  it(`are at most ${MAX_FUNNELS} per company`, async () => {
    const { companyId, call, goal } = await owner();
    const steps = [await goal('a'), await goal('b')];
    for (let made = 1; made < MAX_FUNNELS; made += 1) {
      await t.app.repos.funnels.create(companyId, { name: `Funnel ${made}`, steps });
    }
    expect((await call('POST', '', { name: 'Last one', steps })).statusCode).toBe(201);
    const refused = await call('POST', '', { name: 'One too many', steps });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      name: [`A company can have at most ${MAX_FUNNELS} funnels; delete one first.`],
    });
    expect((await call('GET')).json().data).toHaveLength(MAX_FUNNELS);
  });
});
