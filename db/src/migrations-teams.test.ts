import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, expect, it } from 'vitest';
import { migrationsBefore } from '../test/support/migrations-before';
import { createDb, sqliteClientOf } from './create-db';
import { migrate } from './migrate';

// The teams migration (0008) renames the earlier `member` role: a database migrated before it, holding
// such a member, keeps that member as a `viewer` (the least role, never more than they had). SQLite only:
// it rebuilds the table to change its check, where PostgreSQL runs one UPDATE.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('keeps a member of before teams as a viewer, and their owner as the owner', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'footfall-db-'));
  dirs.push(dir);
  const db = await createDb(`file:${join(dir, 'footfall.db')}`);
  try {
    const migrations = migrationsBefore('sqlite', '0008_teams');
    dirs.push(migrations);
    migrateSqlite(db.orm, { migrationsFolder: migrations });
    const client = sqliteClientOf(db);
    client.exec(`
      insert into plans (slug, name, price_cents, currency, interval, events_quota, api_calls_quota, retention_days, features, is_default, created_at, updated_at)
        values ('free', 'Free', 0, 'USD', 'month', 10000, 1000, 365, '[]', 1, 0, 0);
      insert into users (id, name, email, password_hash, created_at, updated_at) values
        (1, 'Owner', 'owner@example.com', 'x', 0, 0), (2, 'Member', 'member@example.com', 'x', 0, 0);
      insert into companies (id, name, tracking_key, plan_id, created_at, updated_at) values (1, 'Co', 'key', 1, 0, 0);
      insert into memberships (company_id, user_id, role, created_at) values (1, 1, 'owner', 0), (1, 2, 'member', 0);
    `);
    await migrate(db);
    const roles = client.prepare('select user_id, role from memberships order by user_id').all();
    expect(roles).toEqual([
      { user_id: 1, role: 'owner' },
      { user_id: 2, role: 'viewer' },
    ]);
    expect(() => client.exec(`update memberships set role = 'member' where user_id = 2`)).toThrow(
      /CHECK constraint failed/,
    );
    // One owner per company.
    expect(() => client.exec(`update memberships set role = 'owner' where user_id = 2`)).toThrow(/UNIQUE/);
  } finally {
    await db.close();
  }
});
