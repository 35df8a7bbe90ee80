import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle as drizzleSqlite } from 'drizzle-orm/better-sqlite3';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as pgSchema from './schema/postgres';
import * as sqliteSchema from './schema/sqlite';
import { openSqliteConnection } from './sqlite/connection';

export type Dialect = 'sqlite' | 'postgres';
export type Schema = typeof sqliteSchema;
/**
 * The query builder, typed as the SQLite one. On PostgreSQL it is the node-postgres instance: the builder
 * API has the same shape and both schemas give the same JS types, so one codebase serves both. Await
 * queries (both drivers accept that). Never use the SQLite-only `.all()`/`.run()`/`.get()`, nor
 * `orm.transaction` (synchronous on SQLite, async on PostgreSQL): use `transaction()` from transaction.ts.
 * Never rely on the result of a write without `.returning()`: it differs by driver.
 */
export type Orm = BetterSQLite3Database<Schema>;
export type PgOrm = NodePgDatabase<typeof pgSchema> & { $client: pg.Pool };

export interface Db {
  dialect: Dialect;
  orm: Orm;
  /** The tables of this dialect; repositories must use these rather than importing a schema file. */
  schema: Schema;
  /** Runs `select 1`; rejects when the database is unreachable. */
  ping(): Promise<void>;
  /** Closes the connection (pool); later calls do nothing. */
  close(): Promise<void>;
}

const POSTGRES_URL = /^postgres(ql)?:\/\//i;
// A URL scheme of two letters or more; one letter is a Windows drive (`C:\data\footfall.db`).
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]+:/i;

/**
 * Opens the database that `url` names: `postgres://…` or `postgresql://…` selects PostgreSQL; `file:PATH`,
 * `sqlite:PATH` or a plain path selects SQLite (the parent folder is created).
 */
export async function createDb(url: string): Promise<Db> {
  if (POSTGRES_URL.test(url)) return openPostgres(url);
  const path = sqlitePath(url);
  if (path === undefined) {
    throw new Error(`Database URL not supported: "${redact(url)}" (use postgres://…, file:PATH or a path).`);
  }
  return openSqlite(path);
}

/** The better-sqlite3 connection behind `db.orm`, for the statements that bypass drizzle (tracking writes). */
export function sqliteClientOf(db: Db): Database.Database {
  if (db.dialect !== 'sqlite') throw new Error('Not a SQLite database.');
  return (db.orm as Orm & { $client: Database.Database }).$client;
}

/** The node-postgres instance behind `db.orm`, for the few calls whose signatures differ by driver. */
export function pgOrmOf(db: Db): PgOrm {
  if (db.dialect !== 'postgres') throw new Error('Not a PostgreSQL database.');
  return db.orm as unknown as PgOrm;
}

function sqlitePath(url: string): string | undefined {
  if (/^file:\/\//i.test(url)) return fileURLToPath(url);
  const prefixed = /^(file|sqlite):(.+)$/i.exec(url);
  if (prefixed) return prefixed[2];
  if (url === '' || OTHER_SCHEME.test(url)) return undefined;
  return url;
}

function openSqlite(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const client = openSqliteConnection(path);
  const orm = drizzleSqlite(client, { schema: sqliteSchema });
  return {
    dialect: 'sqlite',
    orm,
    schema: sqliteSchema,
    async ping() {
      orm.get(sql`select 1`);
    },
    async close() {
      if (client.open) client.close();
    },
  };
}

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client that loses its connection (a server restart) emits 'error' on the pool, which would
  // crash the process if unheard. The pool discards that client; the next query reports any lasting fault.
  pool.on('error', () => {});
  const orm = drizzlePg(pool, { schema: pgSchema });
  let closed = false;
  return {
    dialect: 'postgres',
    orm: orm as unknown as Orm,
    schema: pgSchema as unknown as Schema,
    async ping() {
      await orm.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
