import { describe, expect, it } from 'vitest';
import { at, registration, unique, useTestDb } from '../../../test/support/use-test-db';
import { isUniqueViolation } from '../../dialect';

describe('the OIDC identities repository', () => {
  const t = useTestDb();
  const issuer = 'https://login.example.com';

  it('registers a verified user linked to the provider account in the same transaction', async () => {
    const subject = unique('sub');
    const input = registration();
    const { user } = await t.repos.users.register({
      ...input,
      user: { ...input.user, emailVerifiedAt: at('2026-11-20T10:00:00Z') },
      oidcIdentity: { issuer, subject },
    });
    expect(user.emailVerifiedAt).toEqual(at('2026-11-20T10:00:00Z'));
    expect((await t.repos.oidcIdentities.findUser(issuer, subject))?.id).toBe(user.id);
    expect(await t.repos.oidcIdentities.findUser('https://other.example.com', subject)).toBeUndefined();
  });

  it('rolls the whole registration back when the provider account is linked already', async () => {
    const subject = unique('sub');
    const first = registration();
    await t.repos.users.register({ ...first, oidcIdentity: { issuer, subject } });
    const second = registration();
    const failure = await t.repos.users
      .register({ ...second, oidcIdentity: { issuer, subject } })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failure)).toBe(true);
    expect(await t.repos.users.findByEmail(second.user.email)).toBeUndefined();
  });

  it('keeps the first link of a provider account, records its last use, and goes with the user', async () => {
    const subject = unique('sub');
    const { user } = await t.repos.users.register(registration());
    const { user: other } = await t.repos.users.register(registration());
    await t.repos.oidcIdentities.link(issuer, subject, user.id, at('2026-11-20T10:00:00Z'));
    await t.repos.oidcIdentities.link(issuer, subject, other.id, at('2026-11-21T10:00:00Z'));
    expect((await t.repos.oidcIdentities.findUser(issuer, subject))?.id).toBe(user.id);

    await t.repos.oidcIdentities.touch(issuer, subject, at('2026-11-22T10:00:00Z'));
    expect(await t.repos.oidcIdentities.listForUser(user.id)).toEqual([
      {
        issuer,
        subject,
        userId: user.id,
        createdAt: at('2026-11-20T10:00:00Z'),
        lastUsedAt: at('2026-11-22T10:00:00Z'),
      },
    ]);

    await t.repos.users.delete(user.id);
    expect(await t.repos.oidcIdentities.findUser(issuer, subject)).toBeUndefined();
  });
});
