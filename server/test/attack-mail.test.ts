import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { companyOwner } from './support/analytics';
import { newIp, useTestApp } from './support/app';
import { atOnce, statuses } from './support/at-once';

// Mail to addresses that the caller chooses is rationed per sender and per recipient (docs/api.md "Limits
// that hold under attack"): past a ration, 429 with Retry-After and no mail. The requests go out at once,
// as an attacker would send them.

const t = useTestApp();

const mailsTo = (address: string) => t.mailer.sent.filter((mail) => mail.to.split(', ').includes(address));

function expectRetryAfter(responses: LightMyRequestResponse[]) {
  const refused = responses.filter((response) => response.statusCode === 429);
  expect(refused.length).toBeGreaterThan(0);
  for (const response of refused) expect(Number(response.headers['retry-after'])).toBeGreaterThan(60);
}

describe('mail rations', () => {
  it('send 20 invitations an hour per company, whatever the addresses', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const before = t.mailer.sent.length;
    const answers = await atOnce(25, (i) =>
      t.app.inject({
        method: 'POST',
        url: `/api/companies/${owner.companyId}/invitations`,
        headers: owner.auth,
        payload: { email: `invitee${i}-${owner.companyId}@example.com`, role: 'viewer' },
      }),
    );
    expect(statuses(answers)).toEqual({ 201: 20, 429: 5 });
    expectRetryAfter(answers);
    await t.app.mailer.idle();
    expect(t.mailer.sent.length - before).toBe(20);
  });

  it('send 3 invitation mails an hour per invited address: 15 resends send 2 more, then 429', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const address = `phished-${owner.companyId}@example.com`;
    const invited = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/invitations`,
      headers: owner.auth,
      payload: { email: address, role: 'admin' },
    });
    const { id } = invited.json().data;
    const answers = await atOnce(15, () =>
      t.app.inject({
        method: 'POST',
        url: `/api/companies/${owner.companyId}/invitations/${id}/resend`,
        headers: owner.auth,
      }),
    );
    expect(statuses(answers)).toEqual({ 200: 2, 429: 13 });
    expectRetryAfter(answers);
    await t.app.mailer.idle();
    expect(mailsTo(address)).toHaveLength(3);
    // Another company cannot send the address more either: the ration is the recipient's.
    const other = await companyOwner(t.app, t.mailer);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${other.companyId}/invitations`,
      headers: other.auth,
      payload: { email: address, role: 'viewer' },
    });
    expect(again.statusCode).toBe(429);
  });

  it('send 5 alert-channel tests an hour per company: 15 to 10 recipients send 50 mails, not 150', async () => {
    const owner = await companyOwner(t.app, t.mailer);
    const recipients = Array.from({ length: 10 }, (_, i) => `ops${i}-${owner.companyId}@example.com`);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/companies/${owner.companyId}/alert-channels`,
      headers: owner.auth,
      payload: { name: 'Everyone', kind: 'email', target: recipients.join(', ') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answers = await atOnce(15, () =>
      t.app.inject({
        method: 'POST',
        url: `/api/companies/${owner.companyId}/alert-channels/${created.json().data.id}/test`,
        headers: owner.auth,
      }),
    );
    expect(statuses(answers)).toEqual({ 201: 5, 429: 10 });
    await t.app.mailer.idle();
    expect(recipients.reduce((sum, address) => sum + mailsTo(address).length, 0)).toBe(50);
  });

  it('take 10 registrations an hour per IP', async () => {
    const ip = newIp();
    const answers = await atOnce(12, (i) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: ip,
        payload: {
          name: 'Mallory',
          email: `signup${i}-${Date.now()}@example.com`,
          password: 'a long enough password',
          password_confirmation: 'a long enough password',
          company_name: 'Totally Legit',
        },
      }),
    );
    expect(statuses(answers)).toEqual({ 201: 10, 429: 2 });
    expectRetryAfter(answers);
  });
});
