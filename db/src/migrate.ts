import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { type Db, type Dialect, pgOrmOf } from './create-db';
import type { NewPlan } from './schema/types';

/** The plan every new company starts on; created on an empty database, never overwritten. */
export const DEFAULT_PLAN = {
  slug: 'free',
  name: 'Free',
  priceCents: 0,
  currency: 'usd',
  interval: 'month',
  eventsQuota: 10_000,
  apiCallsQuota: 1_000,
  retentionDays: 365,
  features: [
    '10,000 pageviews and events a month',
    '1,000 stats API calls a month',
    '365 days of data retention',
    'Cookie-free tracking',
  ],
  isDefault: true,
  active: true,
  sortOrder: 0,
} satisfies NewPlan;

/** The folder of committed migrations for `dialect`. */
export function migrationsFolder(dialect: Dialect): string {
  // Resolved through the package rather than relative to this file, so that it still holds once the
  // server is bundled into a single file elsewhere.
  const packageJson = createRequire(import.meta.url).resolve('@footfall/db/package.json');
  return join(dirname(packageJson), 'migrations', dialect);
}

/** Applies the committed migrations that `db` lacks, then makes sure a default plan exists. */
export async function migrate(db: Db): Promise<void> {
  const config = { migrationsFolder: migrationsFolder(db.dialect) };
  if (db.dialect === 'sqlite') migrateSqlite(db.orm, config);
  else await migratePostgres(db, config.migrationsFolder);
  await ensureDefaultPlan(db);
}

/** Any fixed number: the key of the lock that servers starting together take in turn. */
const MIGRATION_LOCK_KEY = 0x666f6f74;

/**
 * Migrates under a session-level advisory lock held on one connection, so that servers starting together
 * against one PostgreSQL take turns: the second finds the work done instead of racing to create the tables.
 */
async function migratePostgres(db: Db, migrationsFolder: string): Promise<void> {
  const client = await pgOrmOf(db).$client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    client.release();
  }
}

async function ensureDefaultPlan(db: Db): Promise<void> {
  // Skipped on any conflict: the slug is taken (the free plan exists, perhaps edited by an admin) or
  // another plan is already the default (the single-default index).
  await db.orm.insert(db.schema.plans).values(DEFAULT_PLAN).onConflictDoNothing();
}
