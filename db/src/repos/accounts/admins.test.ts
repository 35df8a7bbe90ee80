import { describe, expect, it } from 'vitest';
import { uniqueEmail, useTestDb } from '../../../test/support/use-test-db';
import { isUniqueViolation } from '../../dialect';

describe('the admins repository', () => {
  const t = useTestDb();

  it('creates an admin with a lower-cased e-mail and finds it by id and by e-mail', async () => {
    const email = uniqueEmail('Root');
    const admin = await t.repos.admins.create({
      name: 'Root',
      email: email.toUpperCase(),
      passwordHash: 'h',
    });
    expect(admin).toMatchObject({ name: 'Root', email: email.toLowerCase(), passwordHash: 'h' });
    expect(admin.createdAt).toBeInstanceOf(Date);
    expect(await t.repos.admins.findById(admin.id)).toEqual(admin);
    expect(await t.repos.admins.findByEmail(email.toUpperCase())).toEqual(admin);
    expect(await t.repos.admins.findById(987_654)).toBeUndefined();
    expect(await t.repos.admins.findByEmail(uniqueEmail('nobody'))).toBeUndefined();
  });

  it('refuses a second admin with the same e-mail in another letter case', async () => {
    const email = uniqueEmail('twice');
    await t.repos.admins.create({ name: 'One', email, passwordHash: 'h' });
    await expect(
      t.repos.admins.create({ name: 'Two', email: email.toUpperCase(), passwordHash: 'h' }),
    ).rejects.toSatisfy(isUniqueViolation);
  });

  it('counts admins', async () => {
    const before = await t.repos.admins.count();
    await t.repos.admins.create({ name: 'Counted', email: uniqueEmail(), passwordHash: 'h' });
    await t.repos.admins.create({ name: 'Counted', email: uniqueEmail(), passwordHash: 'h' });
    expect(await t.repos.admins.count()).toBe(before + 2);
  });

  it('keeps users and admins apart: an admin e-mail may also be a user e-mail', async () => {
    const email = uniqueEmail('both');
    await t.repos.admins.create({ name: 'Admin', email, passwordHash: 'h' });
    expect(await t.repos.users.findByEmail(email)).toBeUndefined();
  });
});
