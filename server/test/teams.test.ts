import { describe, expect, it } from 'vitest';
import { hashPassword } from '../src/auth/passwords';
import { login, PASSWORD, signedInUser } from './support/accounts';
import { createTestApp, sealedBody, useTestApp } from './support/app';
import { newOwner, type Owner } from './support/stats-api';
import { accept, invitationToken, invite, teammate } from './support/teams';

const t = useTestApp();
const DAY = 86_400_000;
const INVALID = { message: 'This invitation is invalid or has expired.' };

const members = (owner: Owner, auth = owner.auth) =>
  t.app.inject({ url: `/api/companies/${owner.companyId}/members`, headers: auth });
const invitations = (owner: Owner, auth = owner.auth) =>
  t.app.inject({ url: `/api/companies/${owner.companyId}/invitations`, headers: auth });
const patchRole = (owner: Owner, userId: number, role: string, auth = owner.auth) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/companies/${owner.companyId}/members/${userId}`,
    headers: auth,
    payload: { role },
  });
const removeMember = (owner: Owner, userId: number, auth = owner.auth) =>
  t.app.inject({
    method: 'DELETE',
    url: `/api/companies/${owner.companyId}/members/${userId}`,
    headers: auth,
  });
const companiesOf = async (auth: Record<string, string>) =>
  (await t.app.inject({ url: '/api/companies', headers: auth })).json<{
    data: { id: number; role: string }[];
  }>().data;

describe('invitations', () => {
  it('mail a link valid seven days, in text and HTML, naming the company, the inviter and the role', async () => {
    const owner = await newOwner(t.app, t.mailer, { name: 'Grace Owner', company_name: 'Cobol & Co' });
    const response = await invite(t.app, owner, owner.companyId, 'New.Colleague@Example.com', 'viewer');
    expect(response.statusCode, response.body).toBe(201);
    const { data } = response.json();
    expect(data).toEqual({
      id: expect.any(Number),
      email: 'new.colleague@example.com',
      role: 'viewer',
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    const expiresIn = Date.parse(data.expires_at) - t.clock.now().getTime();
    expect(Math.abs(expiresIn - 7 * DAY)).toBeLessThan(5000);
    const mail = t.mailer.sent.at(-1);
    expect(mail?.to).toBe('new.colleague@example.com');
    expect(mail?.subject).toBe('Grace Owner invited you to Cobol & Co on Footfall');
    expect(mail?.text).toContain('As a viewer you can read its dashboards');
    expect(mail?.text).toContain(mail?.link);
    expect(mail?.html).toContain('Cobol &amp; Co');
    expect(mail?.link).toMatch(/^http:\/\/footfall\.test\/invitations\/[A-Za-z0-9_-]+$/);

    const listed = await invitations(owner);
    expect(listed.json().data).toEqual([data]);
  });

  it('refuse the address of a member and a malformed address, with 422 on email', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const self = (await t.app.inject({ url: '/api/user', headers: owner.auth })).statusCode;
    expect(self).toBe(200);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const again = await invite(t.app, owner, owner.companyId, viewer.email.toUpperCase(), 'admin');
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.email).toEqual(['This address already belongs to a member of the team.']);
    const bad = await invite(t.app, owner, owner.companyId, 'not an address', 'viewer');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.email).toEqual(['The email field must be a valid email address.']);
    const owned = await invite(t.app, owner, owner.companyId, 'x@example.com', 'owner' as 'viewer');
    expect(owned.statusCode).toBe(422);
    expect(owned.json().errors.role).toEqual(['The selected role is invalid.']);
  });

  it('are accepted by the invited address, signed in, which then holds the invited role', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const colleague = await signedInUser(t.app, t.mailer);
    await invite(t.app, owner, owner.companyId, colleague.email, 'admin');
    const token = invitationToken(t.mailer, colleague.email);

    const preview = await t.app.inject({ url: `/api/invitations/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      email: colleague.email,
      role: 'admin',
      invited_by: 'Ada Lovelace',
    });

    const accepted = await accept(t.app, colleague, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toMatchObject({ id: owner.companyId, role: 'admin' });
    expect(await companiesOf(colleague.auth)).toContainEqual(
      expect.objectContaining({ id: owner.companyId, role: 'admin' }),
    );
    const user = sealedBody<{ companies: { id: number; role: string }[] }>(
      await t.app.inject({ url: '/api/user', headers: colleague.auth }),
    );
    expect(user.companies).toContainEqual(expect.objectContaining({ id: owner.companyId, role: 'admin' }));
    // Used: the link is spent, and the invitation is no longer pending.
    expect((await accept(t.app, colleague, token)).json()).toEqual(INVALID);
    expect((await accept(t.app, colleague, token)).statusCode).toBe(400);
    expect((await invitations(owner)).json().data).toEqual([]);
  });

  it('are 403 for another signed-in address, and leave the invitation usable', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const stranger = await signedInUser(t.app, t.mailer);
    const colleague = await signedInUser(t.app, t.mailer);
    await invite(t.app, owner, owner.companyId, colleague.email, 'viewer');
    const token = invitationToken(t.mailer, colleague.email);
    const refused = await accept(t.app, stranger, token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toContain(colleague.email);
    expect((await accept(t.app, colleague, token)).statusCode).toBe(200);
    expect((await accept(t.app, { auth: {} }, token)).statusCode).toBe(401);
  });

  it('are 400 when unknown, revoked, replaced by a resend, or past seven days', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const colleague = await signedInUser(t.app, t.mailer);
    expect((await accept(t.app, colleague, 'no-such-token')).json()).toEqual(INVALID);
    expect((await t.app.inject({ url: '/api/invitations/no-such-token' })).statusCode).toBe(400);

    const created = (await invite(t.app, owner, owner.companyId, colleague.email, 'viewer')).json().data;
    const first = invitationToken(t.mailer, colleague.email);
    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/invitations/${created.id}/resend`,
      headers: owner.auth,
    });
    expect(resent.statusCode).toBe(200);
    const second = invitationToken(t.mailer, colleague.email);
    expect(second).not.toBe(first);
    expect((await accept(t.app, colleague, first)).statusCode).toBe(400);

    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${owner.companyId}/invitations/${created.id}`,
      headers: owner.auth,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await accept(t.app, colleague, second)).statusCode).toBe(400);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/companies/${owner.companyId}/invitations/${created.id}`,
      headers: owner.auth,
    });
    expect(again.statusCode).toBe(404);

    await invite(t.app, owner, owner.companyId, colleague.email, 'viewer');
    const third = invitationToken(t.mailer, colleague.email);
    t.clock.advance(7 * DAY + 1000);
    try {
      // A new sign-in: a week also outlives the colleague's first session.
      const later = { auth: { authorization: `Bearer ${await login(t.app, colleague.email)}` } };
      expect((await accept(t.app, later, third)).json()).toEqual(INVALID);
      const ownerEmail = (await t.app.repos.users.findById(owner.id))?.email ?? '';
      const ownerLater = { authorization: `Bearer ${await login(t.app, ownerEmail)}` };
      expect((await invitations(owner, ownerLater)).json().data).toEqual([]);
    } finally {
      t.clock.advance(-(7 * DAY + 1000));
    }
  });

  it('let someone sign up with the invited address and join at once, verified, with no site of their own', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const email = `joiner-${Date.now()}@example.com`;
    await invite(t.app, owner, owner.companyId, email, 'viewer');
    const token = invitationToken(t.mailer, email);
    const signup = (fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { name: 'Joiner', email, password: PASSWORD, password_confirmation: PASSWORD, ...fields },
      });

    const wrongAddress = await signup({ email: 'someone-else@example.com', invitation: token });
    expect(wrongAddress.statusCode).toBe(422);
    expect(wrongAddress.json().errors.email[0]).toContain(email);
    const badToken = await signup({ invitation: 'nope' });
    expect(badToken.statusCode).toBe(422);
    expect(badToken.json().errors.invitation).toEqual([INVALID.message]);
    const neither = await signup({});
    expect(neither.json().errors.company_name).toEqual(['The company name field is required.']);

    const joined = await signup({ invitation: token });
    expect(joined.statusCode, joined.body).toBe(201);
    expect(sealedBody(joined)).toMatchObject({ success: true, data: { status: 'joined' } });
    const auth = { authorization: `Bearer ${await login(t.app, email)}` };
    expect(await companiesOf(auth)).toEqual([
      expect.objectContaining({ id: owner.companyId, role: 'viewer' }),
    ]);
    expect((await accept(t.app, { auth }, token)).statusCode).toBe(400);
  });

  it('still let an invited colleague sign up when registration is closed', async () => {
    const closed = await createTestApp({ env: { REGISTRATION_OPEN: 'false' } });
    try {
      const { app, mailer } = closed;
      // Nobody can register here: the owner is made in the database, with a password to sign in with.
      const ownerEmail = `closed-owner-${Date.now()}@example.com`;
      const owner = await app.repos.users.register({
        user: { name: 'Owner', email: ownerEmail, passwordHash: await hashPassword(PASSWORD) },
        company: { name: 'Closed', website: null, timezone: 'UTC', trackingKey: `closed${Date.now()}` },
      });
      await app.repos.users.markVerified(owner.user.id, new Date());
      const ownerAuth = { authorization: `Bearer ${await login(app, ownerEmail)}` };
      const email = `closed-${Date.now()}@example.com`;
      expect((await invite(app, { auth: ownerAuth }, owner.company.id, email, 'admin')).statusCode).toBe(201);
      const token = invitationToken(mailer, email);
      const payload = { name: 'J', email, password: PASSWORD, password_confirmation: PASSWORD };
      const refused = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...payload, company_name: 'X' },
      });
      expect(sealedBody(refused)).toEqual({ success: false, message: 'Registration is closed.' });
      const joined = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { ...payload, invitation: token },
      });
      expect(joined.statusCode, joined.body).toBe(201);
    } finally {
      await closed.close();
    }
  });
});

describe('members', () => {
  it('are listed owner first, then admins and viewers, with their addresses and when they joined', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const admin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    const response = await members(owner, viewer.auth);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((m: { user_id: number; role: string }) => [m.user_id, m.role])).toEqual([
      [owner.id, 'owner'],
      [admin.id, 'admin'],
      [viewer.id, 'viewer'],
    ]);
    expect(response.json().data[1]).toEqual({
      user_id: admin.id,
      name: 'Ada Lovelace',
      email: admin.email,
      role: 'admin',
      joined_at: expect.stringMatching(/Z$/),
    });
  });

  it("change roles by the owner only, never the owner's own", async () => {
    const owner = await newOwner(t.app, t.mailer);
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const admin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    expect((await patchRole(owner, viewer.id, 'admin', admin.auth)).statusCode).toBe(403);
    const promoted = await patchRole(owner, viewer.id, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json().data).toMatchObject({ user_id: viewer.id, role: 'admin' });
    expect((await patchRole(owner, owner.id, 'viewer')).statusCode).toBe(422);
    expect((await patchRole(owner, viewer.id, 'owner')).statusCode).toBe(422);
    expect((await patchRole(owner, 999_999, 'viewer')).statusCode).toBe(404);
  });

  it('are removed by admins when viewers, by the owner when anyone else, and may leave', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const admin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    const otherAdmin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    const viewer = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');
    const leaver = await teammate(t.app, t.mailer, owner, owner.companyId, 'viewer');

    expect((await removeMember(owner, admin.id, viewer.auth)).statusCode).toBe(403);
    expect((await removeMember(owner, otherAdmin.id, admin.auth)).statusCode).toBe(403);
    expect((await removeMember(owner, owner.id, admin.auth)).statusCode).toBe(403);
    expect((await removeMember(owner, owner.id)).statusCode).toBe(403);
    expect((await removeMember(owner, viewer.id, admin.auth)).statusCode).toBe(204);
    expect((await removeMember(owner, otherAdmin.id)).statusCode).toBe(204);
    expect((await removeMember(owner, leaver.id, leaver.auth)).statusCode).toBe(204);

    // Gone members reach the company no more.
    expect((await members(owner, viewer.auth)).statusCode).toBe(403);
    expect((await members(owner, leaver.auth)).statusCode).toBe(403);
    expect((await removeMember(owner, viewer.id)).statusCode).toBe(404);
    expect((await members(owner)).json().data).toHaveLength(2);
  });

  it('hand the company over: the new owner alone may delete it, the old one becomes an admin', async () => {
    const owner = await newOwner(t.app, t.mailer);
    const admin = await teammate(t.app, t.mailer, owner, owner.companyId, 'admin');
    const transfer = (userId: number, auth = owner.auth) =>
      t.app.inject({
        method: 'POST',
        url: `/api/companies/${owner.companyId}/transfer-ownership`,
        headers: auth,
        payload: { user_id: userId },
      });
    expect((await transfer(owner.id, admin.auth)).statusCode).toBe(403);
    expect((await transfer(owner.id)).statusCode).toBe(422);
    const stranger = await signedInUser(t.app, t.mailer);
    expect((await transfer(stranger.id)).json().errors.user_id).toBeDefined();

    const handed = await transfer(admin.id);
    expect(handed.statusCode, handed.body).toBe(200);
    expect(handed.json().data).toMatchObject({ id: owner.companyId, role: 'admin' });
    const roles = (await members(owner))
      .json()
      .data.map((m: { user_id: number; role: string }) => [m.user_id, m.role]);
    expect(roles).toEqual([
      [admin.id, 'owner'],
      [owner.id, 'admin'],
    ]);
    const del = (auth: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/companies/${owner.companyId}`, headers: auth });
    expect((await del(owner.auth)).statusCode).toBe(403);
    expect((await removeMember(owner, owner.id)).statusCode).toBe(204);
    expect((await del(admin.auth)).statusCode).toBe(204);
  });
});
