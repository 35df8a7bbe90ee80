import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect, it } from 'vitest';
import { createDb } from './create-db';
import { migrate, SEED_PLANS } from './migrate';

const adminUrl = process.env.TEST_DATABASE_URL;

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

// Only PostgreSQL has several servers migrating one database at once; on SQLite one process owns the file.
it.runIf(adminUrl)(
  'servers starting together on one empty PostgreSQL migrate it once, without failing',
  async () => {
    const name = `footfall_test_${randomBytes(6).toString('hex')}`;
    await admin(`create database "${name}"`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const servers = await Promise.all([1, 2, 3].map(() => createDb(url.toString())));
    try {
      await Promise.all(servers.map((db) => migrate(db)));
      const [first] = servers;
      if (!first) throw new Error('no database');
      const plans = await first.orm.select().from(first.schema.plans);
      expect(plans.map((plan) => plan.slug).sort()).toEqual(SEED_PLANS.map((plan) => plan.slug).sort());
    } finally {
      await Promise.all(servers.map((db) => db.close()));
      await admin(`drop database if exists "${name}" with (force)`);
    }
  },
);
