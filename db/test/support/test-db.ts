import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDb, type Db } from '../../src/create-db';
import { migrate } from '../../src/migrate';

export interface TestDb {
  db: Db;
  /** The URL of the fresh database, for code under test that opens its own connection. */
  url: string;
  /** Closes `db` and deletes the database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database: PostgreSQL when `TEST_DATABASE_URL` is set (a new database created through
 * that URL), otherwise SQLite in a new temporary folder.
 */
export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  return adminUrl ? createPostgresTestDb(adminUrl) : createSqliteTestDb();
}

async function createSqliteTestDb(): Promise<TestDb> {
  const dir = await mkdtemp(join(tmpdir(), 'footfall-test-'));
  const url = `file:${join(dir, 'footfall.db')}`;
  const db = await createDb(url);
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    db,
    url,
    async cleanup() {
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A fresh, migrated database created through `adminUrl`, a PostgreSQL server URL. */
export async function createPostgresTestDb(adminUrl: string): Promise<TestDb> {
  // Random hex: safe to interpolate as an identifier, and unique across parallel test workers.
  const name = `footfall_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dropDatabase = () =>
    withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  let db: Db | undefined;
  try {
    db = await createDb(url.toString());
    await migrate(db);
  } catch (error) {
    await db?.close();
    await dropDatabase();
    throw error;
  }
  const opened = db;
  return {
    db: opened,
    url: url.toString(),
    async cleanup() {
      // Dropping first (FORCE ends its connections) removes the database even when a failed test left a
      // query hanging, which would make closing the pool wait forever.
      // DROP DATABASE asks for a checkpoint, which fails while another suite's deliberately full tablespace
      // (server/test/full-disk.test.ts) blocks the checkpointer: asked again until that suite lets go.
      try {
        for (let attempt = 1; ; attempt++) {
          try {
            await dropDatabase();
            break;
          } catch (error) {
            if (attempt >= 40 || !/checkpoint request failed/.test(String(error))) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await opened.close();
      }
    },
  };
}

/** Runs `use` with a connection of its own to `url`, closed afterwards. */
export async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
