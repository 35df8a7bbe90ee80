import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { at, registration, unique, useTestDb } from '../test/support/use-test-db';
import { pgOrmOf, sqliteClientOf } from './create-db';
import { migrationsFolder } from './migrate';

// Migration 0023 cuts the addresses that sessions signed in from before it to their networks, on both
// dialects (each has its own SQL). Its data statement is run again here on rows written as they were then.

const TAG = '0023_session_networks';

/** The migration's statements after its first (which adds the column the database already has). */
function dataStatements(dialect: 'sqlite' | 'postgres'): string[] {
  const text = readFileSync(join(migrationsFolder(dialect), `${TAG}.sql`), 'utf8');
  return text.split('--> statement-breakpoint').slice(1);
}

describe('the session networks migration', () => {
  const t = useTestDb();

  it('keeps the /24 of an IPv4 address and forgets any other address', async () => {
    const { user } = await t.repos.users.register(registration());
    const legacy = {
      '203.0.113.77': '203.0.113.0',
      '8.8.8.8': '8.8.8.0',
      '::ffff:198.51.100.9': '198.51.100.0',
      '::FFFF:198.51.100.19': '198.51.100.0',
      '::ffff:0:192.0.2.1': null,
      '2001:db8:abcd:12::1': null,
      '::1': null,
    } as const;
    const ids = new Map<string, string>();
    for (const ip of [...Object.keys(legacy), null]) {
      const id = unique('sid');
      ids.set(ip ?? 'none', id);
      await t.repos.authSessions.create({
        id,
        kind: 'user',
        userId: user.id,
        remember: false,
        expiresAt: at('2030-01-01T00:00:00Z'),
        ip,
        userAgent: null,
      });
    }

    for (const statement of dataStatements(t.db.dialect)) {
      if (t.db.dialect === 'sqlite') sqliteClientOf(t.db).exec(statement);
      else await pgOrmOf(t.db).$client.query(statement);
    }

    const { authSessions } = t.db.schema;
    const ipOf = async (key: string) => {
      const [row] = await t.db.orm
        .select({ ip: authSessions.ip })
        .from(authSessions)
        .where(eq(authSessions.id, ids.get(key) ?? ''));
      return row?.ip;
    };
    for (const [before, after] of Object.entries(legacy)) expect(await ipOf(before), before).toBe(after);
    expect(await ipOf('none')).toBeNull();
  });
});
