import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { login, PASSWORD, type Registered, register } from './support/accounts';
import { useTestApp } from './support/app';

const t = useTestApp();

/** The API path of the last verification link mailed to `email`: `/api/email/verify/{id}?expires&signature`. */
function linkPath(email: string): string {
  const link = new URL(t.mailer.lastLinkTo(email));
  return `/api${link.pathname}${link.search}`;
}

function linkParts(email: string): { id: string; expires: string; signature: string } {
  const link = new URL(t.mailer.lastLinkTo(email));
  return {
    id: link.pathname.split('/').at(-1) ?? '',
    expires: link.searchParams.get('expires') ?? '',
    signature: link.searchParams.get('signature') ?? '',
  };
}

function postVerify(url: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url });
}

function postLogin(email: string): Promise<LightMyRequestResponse> {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: PASSWORD } });
}

function expectBadLink(response: LightMyRequestResponse): void {
  expect(response.statusCode).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(response.json()).toEqual({ message: expect.any(String) });
}

async function expectStillUnverified(user: Registered): Promise<void> {
  const response = await postLogin(user.email);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    success: false,
    message: 'Your email address is not verified.',
    data: { status: 'unverified', user_id: user.id },
  });
}

describe('POST /api/email/verify/{user_id}', () => {
  it('verifies the address, then answers already-verified for the same link', async () => {
    const user = await register(t.app);
    const first = await postVerify(linkPath(user.email));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: { status: 'verified' },
    });
    const second = await postVerify(linkPath(user.email));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: { status: 'already-verified' },
    });
  });

  it('refuses sign-in before verification with the unverified answer and allows it after', async () => {
    const user = await register(t.app);
    await expectStillUnverified(user);
    expect((await postVerify(linkPath(user.email))).statusCode).toBe(200);
    const after = await postLogin(user.email);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({
      success: true,
      data: { token_type: 'Bearer', user: { id: user.id } },
    });
  });

  it('answers 400 for a tampered signature and leaves the user unverified', async () => {
    const user = await register(t.app);
    const { id, expires, signature } = linkParts(user.email);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expectBadLink(await postVerify(`/api/email/verify/${id}?expires=${expires}&signature=${flipped}`));
    expectBadLink(
      await postVerify(`/api/email/verify/${id}?expires=${Number(expires) + 1}&signature=${signature}`),
    );
    await expectStillUnverified(user);
  });

  it("answers 400 for another user's signature on this user's id", async () => {
    const victim = await register(t.app);
    const other = await register(t.app);
    const { expires, signature } = linkParts(other.email);
    expectBadLink(
      await postVerify(`/api/email/verify/${victim.id}?expires=${expires}&signature=${signature}`),
    );
    await expectStillUnverified(victim);
  });

  it('answers 400 when the expires or signature parameter is missing', async () => {
    const user = await register(t.app);
    const { id, expires, signature } = linkParts(user.email);
    expectBadLink(await postVerify(`/api/email/verify/${id}`));
    expectBadLink(await postVerify(`/api/email/verify/${id}?expires=${expires}`));
    expectBadLink(await postVerify(`/api/email/verify/${id}?signature=${signature}`));
    expectBadLink(await postVerify(`/api/email/verify/${id}?expires=&signature=`));
    await expectStillUnverified(user);
  });

  it.each([
    ['non-numeric', 'abc'],
    ['negative', '-1'],
    ['zero', '0'],
    ['fractional', '1.5'],
    ['huge', '99999999999999999999'],
    ['just past 2^31', '2147483648'],
    ['nonexistent', '2147483647'],
  ])('answers 400 for a %s user id', async (_case, id) => {
    const user = await register(t.app);
    const { expires, signature } = linkParts(user.email);
    expectBadLink(await postVerify(`/api/email/verify/${id}?expires=${expires}&signature=${signature}`));
  });

  it('answers 400 for a link older than 60 minutes', async () => {
    const user = await register(t.app);
    const path = linkPath(user.email);
    t.clock.advance(61 * 60 * 1000);
    expectBadLink(await postVerify(path));
    await expectStillUnverified(user);
  });

  it('accepts a link 59 minutes old', async () => {
    const user = await register(t.app);
    const path = linkPath(user.email);
    t.clock.advance(59 * 60 * 1000);
    const response = await postVerify(path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: { status: 'verified' },
    });
  });

  it('answers 400 for a link issued before the email changed, and accepts the new one', async () => {
    const user = await register(t.app);
    const oldPath = linkPath(user.email);
    expect((await postVerify(oldPath)).statusCode).toBe(200);
    const token = await login(t.app, user.email);
    const newEmail = user.email.replace('@', '+new@');
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}` },
      payload: { email: newEmail, current_password: PASSWORD },
    });
    expect(patch.statusCode).toBe(200);
    expect(patch.json()).toMatchObject({ success: true, data: { email: newEmail, email_verified_at: null } });

    expectBadLink(await postVerify(oldPath));
    await expectStillUnverified({ ...user, email: newEmail });

    const fresh = await postVerify(linkPath(newEmail));
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json()).toEqual({
      success: true,
      message: expect.any(String),
      data: { status: 'verified' },
    });
  });
});
