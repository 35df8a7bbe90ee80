import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migrateSqlite } from 'drizzle-orm/better-sqlite3/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { afterEach, expect, it } from 'vitest';
import { migrationsBefore } from '../test/support/migrations-before';
import { withClient } from '../test/support/test-db';
import { createDb, type Db, pgOrmOf, sqliteClientOf } from './create-db';
import { DEFAULT_PLAN, migrate } from './migrate';
import { createRepositories } from './repos/index';

// Migration 0024 gives each daily rollup its totals in columns of their own, filled for the rows written
// before it from their JSON. Here a database migrated up to 0023 (PostgreSQL when TEST_DATABASE_URL is
// set, else SQLite) receives rollups as they were written then, and is then migrated to the end.

const TAG = '0024_rollup_totals';
const adminUrl = process.env.TEST_DATABASE_URL;
const dialect = adminUrl ? 'postgres' : 'sqlite';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The migrations up to `tag`, removed after the test. */
function migrationsUpTo(tag: string): string {
  const dir = migrationsBefore(dialect, tag);
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** An empty database of the dialect under test, closed and deleted after the test. */
async function emptyDb(): Promise<Db> {
  if (!adminUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'footfall-db-'));
    const db = await createDb(`file:${join(dir, 'footfall.db')}`);
    cleanups.push(async () => {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return db;
  }
  // Random hex: safe to interpolate as an identifier.
  const name = `footfall_test_${randomBytes(6).toString('hex')}`;
  await withClient(adminUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const db = await createDb(url.toString());
  cleanups.push(async () => {
    await db.close();
    await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
  });
  return db;
}

/** A rollup row as written before 0024: its sums as JSON only. */
async function insertOldRollup(db: Db, companyId: number, day: string, stats: string): Promise<void> {
  const builtAt = Date.parse(`${day}T23:59:59Z`) + 3_600_000;
  if (db.dialect === 'sqlite')
    sqliteClientOf(db)
      .prepare(
        'insert into daily_rollups (company_id, day, built_at, stats, revision) values (?, ?, ?, ?, 1)',
      )
      .run(companyId, day, builtAt, stats);
  else
    await pgOrmOf(db).$client.query(
      'insert into daily_rollups (company_id, day, built_at, stats, revision) values ($1, $2, $3, $4, 1)',
      [companyId, day, new Date(builtAt), stats],
    );
}

const current = JSON.stringify({
  totals: { visitors: 2, visits: 3, pageviews: 7, events: 4, bounces: 1, durationMs: 95_000 },
  format: 2,
  hours: [['10', 2, 3, 7, 4, 1, 95_000]],
  breakdowns: { page: [['/', 2, 3, 7, 4]] },
  engagement: [],
});
// The first format: no version, hours without bounces and durations.
const first = JSON.stringify({
  totals: { visitors: 1, visits: 1, pageviews: 5, events: 0, bounces: 0, durationMs: 0 },
  hours: [['09', 1, 1, 5, 0]],
  breakdowns: {},
});
// Totals after the hours, some missing, and counts past what a 32-bit sum holds.
const reordered = JSON.stringify({
  hours: [],
  totals: { pageviews: 2_000_000_000, events: 1_500_000_000 },
  breakdowns: { page: [['/{"totals":{"pageviews":1}}', 0, 0, 1, 0]] },
});

it('fills the totals of rollups written before it from their JSON, the same on both dialects', async () => {
  const db = await emptyDb();
  const config = { migrationsFolder: migrationsUpTo(TAG) };
  if (db.dialect === 'sqlite') migrateSqlite(db.orm, config);
  else await migratePg(pgOrmOf(db), config);
  await db.orm.insert(db.schema.plans).values(DEFAULT_PLAN);
  const before = createRepositories(db);
  const { company } = await before.users.register({
    user: { name: 'Ada Lovelace', email: 'ada@example.test', passwordHash: 'hash-1' },
    company: { name: 'Engines', website: 'https://engines.example', timezone: 'UTC', trackingKey: 'key-1' },
  });
  await insertOldRollup(db, company.id, '2024-03-01', current);
  await insertOldRollup(db, company.id, '2024-03-02', first);
  await insertOldRollup(db, company.id, '2024-03-03', reordered);

  await migrate(db);

  const { dailyRollups } = db.schema;
  const columns = await db.orm
    .select({
      day: dailyRollups.day,
      visitors: dailyRollups.visitors,
      visits: dailyRollups.visits,
      pageviews: dailyRollups.pageviews,
      events: dailyRollups.events,
      stats: dailyRollups.stats,
    })
    .from(dailyRollups)
    .orderBy(dailyRollups.day);
  expect(columns).toEqual([
    { day: '2024-03-01', visitors: 2, visits: 3, pageviews: 7, events: 4, stats: current },
    { day: '2024-03-02', visitors: 1, visits: 1, pageviews: 5, events: 0, stats: first },
    {
      day: '2024-03-03',
      visitors: 0,
      visits: 0,
      pageviews: 2_000_000_000,
      events: 1_500_000_000,
      stats: reordered,
    },
  ]);
  const { activity } = createRepositories(db).adminDirectory;
  const listed = await activity.listRollups('2024-03-01', '2024-03-31');
  const counts = await activity.rollupCounts(listed);
  expect(counts.sort((a, b) => a.day.localeCompare(b.day))).toEqual([
    { companyId: company.id, day: '2024-03-01', events: 11 },
    { companyId: company.id, day: '2024-03-02', events: 5 },
    { companyId: company.id, day: '2024-03-03', events: 3_500_000_000 },
  ]);
});
