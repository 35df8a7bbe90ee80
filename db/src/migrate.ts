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

/** A paid tier: monthly, in dollars, on the features every plan has plus its own quotas. */
function paidPlan(
  sortOrder: number,
  slug: string,
  name: string,
  priceCents: number,
  quotas: { events: number; apiCalls: number; retentionDays: number },
  extras: string[],
): NewPlan {
  const count = new Intl.NumberFormat('en-US');
  return {
    slug,
    name,
    priceCents,
    currency: 'usd',
    interval: 'month',
    eventsQuota: quotas.events,
    apiCallsQuota: quotas.apiCalls,
    retentionDays: quotas.retentionDays,
    features: [
      `${count.format(quotas.events)} pageviews and events a month`,
      `${count.format(quotas.apiCalls)} stats API calls a month`,
      `${Math.round(quotas.retentionDays / 365)} years of data retention`,
      ...extras,
    ],
    isDefault: false,
    active: true,
    sortOrder,
  };
}

/**
 * The plans on offer on a new database: free, then three paid tiers an order of magnitude apart, as
 * visitor analytics is usually priced. Added when their slug is missing, never overwritten: admins edit
 * quotas and prices afterwards, and a deactivated plan stays deactivated.
 */
export const SEED_PLANS: NewPlan[] = [
  DEFAULT_PLAN,
  paidPlan(1, 'starter', 'Starter', 900, { events: 100_000, apiCalls: 10_000, retentionDays: 730 }, [
    'Cookie-free tracking',
    'Email support',
  ]),
  paidPlan(2, 'growth', 'Growth', 2_900, { events: 1_000_000, apiCalls: 100_000, retentionDays: 1_095 }, [
    'Cookie-free tracking',
    'Priority email support',
  ]),
  paidPlan(
    3,
    'business',
    'Business',
    9_900,
    { events: 10_000_000, apiCalls: 1_000_000, retentionDays: 1_825 },
    ['Cookie-free tracking', 'Priority support with a named contact'],
  ),
];

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
  await ensureSeedPlans(db);
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

async function ensureSeedPlans(db: Db): Promise<void> {
  // Each plan is skipped on any conflict: its slug is taken (the plan exists, perhaps edited by an admin)
  // or, for the free plan, another plan is already the default (the single-default index).
  for (const plan of SEED_PLANS) {
    await db.orm.insert(db.schema.plans).values(plan).onConflictDoNothing();
  }
}
