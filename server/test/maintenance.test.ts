import { expect, test } from 'vitest';
import { pruneStaleRows } from '../src/scheduler/maintenance';
import { signedInUser } from './support/accounts';
import { useTestApp } from './support/app';
import { invite } from './support/teams';

const t = useTestApp();

const DAY = 24 * 60 * 60 * 1000;

test('pruning deletes sessions a week past their end, spent rate-limit windows and expired invitations, and keeps live ones', async () => {
  const old = await signedInUser(t.app, t.mailer);
  const [company] = (await t.app.inject({ url: '/api/companies', headers: old.auth })).json().data;
  const invited = await invite(t.app, old, company.id, 'late-colleague@example.com', 'viewer');
  expect(invited.statusCode).toBe(201);
  await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: old.email, password: 'wrong password' },
  });
  t.clock.advance(9 * DAY);
  const fresh = await signedInUser(t.app, t.mailer);

  const pruned = await pruneStaleRows(t.app);
  expect(pruned.sessions).toBeGreaterThanOrEqual(1);
  expect(pruned.rateLimits).toBeGreaterThanOrEqual(2);
  expect(pruned.invitations).toBe(1);
  const live = await t.app.inject({ method: 'GET', url: '/api/user', headers: fresh.auth });
  expect(live.statusCode).toBe(200);
  expect(await pruneStaleRows(t.app)).toEqual({
    sessions: 0,
    rateLimits: 0,
    salts: 0,
    checkouts: 0,
    testEvents: 0,
    invitations: 0,
    twoFactorChallenges: 0,
    openVisits: 0,
  });
});
