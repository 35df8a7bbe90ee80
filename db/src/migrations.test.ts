import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  type DrizzleSnapshotJSON,
  type DrizzleSQLiteSnapshotJSON,
  generateDrizzleJson,
  generateMigration,
  generateSQLiteDrizzleJson,
  generateSQLiteMigration,
} from 'drizzle-kit/api';
import { pgTable, text as pgText } from 'drizzle-orm/pg-core';
import { sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import type { Dialect } from './create-db';
import { migrationsFolder } from './migrate';
import * as postgres from './schema/postgres';
import * as sqlite from './schema/sqlite';

// drizzle-kit's own diff engine compares the latest committed snapshot with the schema files: no pending
// statements means `npm run db:generate` would have nothing to write.

interface Journal {
  entries: { idx: number; tag: string }[];
}

function readJson<T>(path: string): T {
  return JSON.parse(readFileSync(path, 'utf8')) as T;
}

function journal(dialect: Dialect): Journal {
  return readJson<Journal>(join(migrationsFolder(dialect), 'meta', '_journal.json'));
}

function latestSnapshot<T>(dialect: Dialect): T {
  const last = journal(dialect).entries.at(-1);
  if (!last) throw new Error(`No ${dialect} migrations.`);
  const idx = String(last.idx).padStart(4, '0');
  return readJson<T>(join(migrationsFolder(dialect), 'meta', `${idx}_snapshot.json`));
}

const pendingSqlite = async (schema: Record<string, unknown>) =>
  generateSQLiteMigration(
    latestSnapshot<DrizzleSQLiteSnapshotJSON>('sqlite'),
    await generateSQLiteDrizzleJson(schema),
  );
const pendingPostgres = async (schema: Record<string, unknown>) =>
  generateMigration(latestSnapshot<DrizzleSnapshotJSON>('postgres'), generateDrizzleJson(schema));

describe('the committed migrations', () => {
  it('are up to date with the SQLite schema', async () => {
    expect(await pendingSqlite(sqlite)).toEqual([]);
  });

  it('are up to date with the PostgreSQL schema', async () => {
    expect(await pendingPostgres(postgres)).toEqual([]);
  });

  it('would be reported stale after a schema change', async () => {
    const sqliteChange = await pendingSqlite({
      ...sqlite,
      probe: sqliteTable('probe', { name: text('name') }),
    });
    const pgChange = await pendingPostgres({
      ...postgres,
      probe: pgTable('probe', { name: pgText('name') }),
    });
    expect(sqliteChange.join('\n')).toContain('CREATE TABLE `probe`');
    expect(pgChange.join('\n')).toContain('CREATE TABLE "probe"');
  });

  it('are the same list on both dialects, each with its SQL file', () => {
    const tags = (dialect: Dialect) => journal(dialect).entries.map((entry) => entry.tag);
    expect(tags('postgres')).toEqual(tags('sqlite'));
    expect(tags('sqlite')[0]).toBe('0000_foundation');
    for (const dialect of ['sqlite', 'postgres'] as const) {
      for (const tag of tags(dialect))
        expect(existsSync(join(migrationsFolder(dialect), `${tag}.sql`))).toBe(true);
    }
  });
});
