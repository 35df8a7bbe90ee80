import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, registration, unique, useTestDb } from '../../../test/support/use-test-db';

describe('the API keys repository', () => {
  const t = useTestDb();
  const newCompany = async () => (await t.repos.users.register(registration())).company;
  const createdAt = at('2026-06-01T12:00:00Z');
  const newKey = (companyId: number, name = 'Reporting') =>
    t.repos.apiKeys.create({
      companyId,
      name,
      prefix: 'ffk_abcdefgh',
      secretHash: unique('hash'),
      createdAt,
    });

  it('creates a key that is found by its hash with its company’s time zone and API quota', async () => {
    const company = await newCompany();
    const key = await newKey(company.id);
    expect(key).toMatchObject({
      companyId: company.id,
      name: 'Reporting',
      prefix: 'ffk_abcdefgh',
      createdAt,
      lastUsedAt: null,
      revokedAt: null,
    });
    expect(await t.repos.apiKeys.findActiveByHash(key.secretHash)).toEqual({
      keyId: key.id,
      companyId: company.id,
      timezone: 'Europe/London',
      apiCallsQuota: 1_000,
      companySuspendedAt: null,
    });
    expect(await t.repos.apiKeys.findActiveByHash(unique('unknown'))).toBeUndefined();
  });

  it('refuses two keys with the same hash', async () => {
    const company = await newCompany();
    const key = await newKey(company.id);
    const copy = {
      companyId: company.id,
      name: 'Copy',
      prefix: key.prefix,
      secretHash: key.secretHash,
      createdAt,
    };
    await expect(t.repos.apiKeys.create(copy)).rejects.toThrow();
  });

  it('lists and counts only the unrevoked keys of the company, oldest first', async () => {
    const [company, other] = [await newCompany(), await newCompany()];
    const first = await newKey(company.id, 'First');
    const second = await newKey(company.id, 'Second');
    const revoked = await newKey(company.id, 'Revoked');
    await newKey(other.id, 'Other');
    expect(await t.repos.apiKeys.revoke(company.id, revoked.id, at('2026-06-02T00:00:00Z'))).toBe(true);
    const listed = await t.repos.apiKeys.listActive(company.id);
    expect(listed.map((key) => key.id)).toEqual([first.id, second.id]);
    expect(await t.repos.apiKeys.countActive(company.id)).toBe(2);
    expect(await t.repos.apiKeys.countActive(other.id)).toBe(1);
  });

  it('revokes only an active key of the named company, and a revoked key is no longer found', async () => {
    const [company, other] = [await newCompany(), await newCompany()];
    const key = await newKey(company.id);
    const revokedAt = at('2026-06-02T00:00:00Z');
    expect(await t.repos.apiKeys.revoke(other.id, key.id, revokedAt)).toBe(false);
    expect(await t.repos.apiKeys.findActiveByHash(key.secretHash)).toBeDefined();
    expect(await t.repos.apiKeys.revoke(company.id, key.id, revokedAt)).toBe(true);
    expect(await t.repos.apiKeys.revoke(company.id, key.id, revokedAt)).toBe(false);
    expect(await t.repos.apiKeys.revoke(company.id, 2 ** 31 - 1, revokedAt)).toBe(false);
    expect(await t.repos.apiKeys.findActiveByHash(key.secretHash)).toBeUndefined();
    const { apiKeys } = t.db.schema;
    const [row] = await t.db.orm.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row?.revokedAt).toEqual(revokedAt);
  });

  it('records the latest use and never moves it backwards', async () => {
    const company = await newCompany();
    const [key, untouched] = [await newKey(company.id), await newKey(company.id)];
    const later = at('2026-06-03T10:00:00Z');
    await t.repos.apiKeys.recordUse([{ keyId: key.id, at: later }]);
    await t.repos.apiKeys.recordUse([{ keyId: key.id, at: at('2026-06-03T09:00:00Z') }]);
    const listed = await t.repos.apiKeys.listActive(company.id);
    expect(listed.find((row) => row.id === key.id)?.lastUsedAt).toEqual(later);
    expect(listed.find((row) => row.id === untouched.id)?.lastUsedAt).toBeNull();
  });
});
