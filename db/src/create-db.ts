import { chmodSync, existsSync, mkdirSync, statSync } from 'node:fs';
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
  /**
   * Where the reads that may lag go (`repos/read-routing.ts` says which): a PostgreSQL streaming replica's
   * pool when `createDb` got a `readUrl`, else `orm` itself. Never write through it: a replica refuses
   * ("cannot execute … in a read-only transaction").
   */
  reads: Orm;
  /** True when `reads` is a connection of its own (a replica), not `orm`. */
  hasReadReplica: boolean;
  /**
   * How far behind the primary `reads` may be, in milliseconds: 0 without a replica or when the replica has
   * replayed all it received. Measured before a read whose answer is kept (a rollup), so that what is
   * stored never claims to know commits the replica had not yet replayed.
   */
  readLagMs(): Promise<number>;
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

export interface CreateDbOptions {
  /**
   * A PostgreSQL streaming replica of `url`'s database, for the reads that may lag (`Db.reads`). PostgreSQL
   * only: SQLite has no replica, and a `readUrl` with it is refused rather than silently ignored.
   */
  readUrl?: string;
  /** PostgreSQL connections each pool may open (10 by default); an analytics worker needs fewer. */
  poolSize?: number;
}

/**
 * Opens the database that `url` names: `postgres://…` or `postgresql://…` selects PostgreSQL; `file:PATH`,
 * `sqlite:PATH` or a plain path selects SQLite (the parent folder is created).
 */
export async function createDb(url: string, options: CreateDbOptions = {}): Promise<Db> {
  const { readUrl, poolSize = 10 } = options;
  if (POSTGRES_URL.test(url)) {
    if (readUrl !== undefined && !POSTGRES_URL.test(readUrl)) {
      throw new Error(`Read replica URL not supported: "${redact(readUrl)}" (use postgres://…).`);
    }
    return openPostgres(url, readUrl, poolSize);
  }
  const path = sqlitePath(url);
  if (path === undefined) {
    throw new Error(`Database URL not supported: "${redact(url)}" (use postgres://…, file:PATH or a path).`);
  }
  if (readUrl !== undefined) {
    throw new Error('A read replica needs PostgreSQL: SQLite has no replica (leave the read URL unset).');
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

/**
 * The database file and its WAL and shared-memory files hold password hashes, session ids and link tokens:
 * readable by their owner only (0600), also when an earlier version made them 0644. SQLite gives the files
 * it creates later the database file's mode.
 */
function makeOwnerOnly(path: string): void {
  for (const file of [path, `${path}-wal`, `${path}-shm`, `${path}-journal`]) {
    if (!existsSync(file)) continue;
    const mode = statSync(file).mode & 0o777;
    if ((mode & ~0o600) !== 0) chmodSync(file, mode & 0o600);
  }
}

function openSqlite(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const client = openSqliteConnection(path);
  if (path !== ':memory:') makeOwnerOnly(path);
  const orm = drizzleSqlite(client, { schema: sqliteSchema });
  return {
    dialect: 'sqlite',
    orm,
    reads: orm,
    hasReadReplica: false,
    async readLagMs() {
      return 0;
    },
    schema: sqliteSchema,
    async ping() {
      orm.get(sql`select 1`);
    },
    async close() {
      if (client.open) client.close();
    },
  };
}

function openPool(url: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle client that loses its connection (a server restart) emits 'error' on the pool, which would
  // crash the process if unheard. The pool discards that client; the next query reports any lasting fault.
  pool.on('error', () => {});
  return pool;
}

/** A day: a replica that cannot say how far behind it is counts as that far, so nothing it read is final. */
const UNKNOWN_LAG_MS = 86_400_000;

/**
 * The replica's lag as it sees it. While it streams and has replayed all the WAL it received, it is as
 * current as its stream (0); otherwise — behind in replay, or its stream down — it is behind by the age of
 * the last transaction it replayed (a commit time on the primary's clock, so the two machines' clocks must
 * agree, as NTP keeps them). The stream's status is hidden from roles without `pg_read_all_stats` (a null
 * status): then the replay position alone decides. A stream cut without the replica noticing yet
 * (`wal_receiver_timeout`, a minute by default) still reads as current until it does. A server that is not
 * in recovery (a read URL naming a primary) is never behind.
 */
const REPLICA_LAG = sql`select case
  when not pg_is_in_recovery() then 0
  when exists (select 1 from pg_stat_wal_receiver where coalesce(status, 'streaming') = 'streaming')
    and pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
  else greatest(0, extract(epoch from (clock_timestamp() - pg_last_xact_replay_timestamp())) * 1000)
end as lag`;

function openPostgres(url: string, readUrl: string | undefined, poolSize: number): Db {
  const pool = openPool(url, poolSize);
  const orm = drizzlePg(pool, { schema: pgSchema });
  const readPool = readUrl === undefined ? undefined : openPool(readUrl, poolSize);
  const reads = readPool ? drizzlePg(readPool, { schema: pgSchema }) : orm;
  let closed = false;
  return {
    dialect: 'postgres',
    orm: orm as unknown as Orm,
    reads: reads as unknown as Orm,
    hasReadReplica: readPool !== undefined,
    async readLagMs() {
      if (!readPool) return 0;
      const result = await reads.execute<{ lag: string | number | null }>(REPLICA_LAG);
      const lag = result.rows[0]?.lag;
      return lag === null || lag === undefined ? UNKNOWN_LAG_MS : Math.ceil(Number(lag));
    },
    schema: pgSchema as unknown as Schema,
    // The primary alone: a replica that is down fails the analytics' reads, not sign-in or ingestion.
    async ping() {
      await orm.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), readPool?.end()]);
    },
  };
}

function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
