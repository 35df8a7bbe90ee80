import { createDb, type Db } from '@footfall/db';
import { createTestDb } from '@footfall/db/testing';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import type { App } from '../../src/types';
import { createClock, type TestClock } from './app';
import { createRecordingMailer } from './mailer';

/** Several servers on one database, as a deployment runs them: each app with its own connections. */
export interface TestServers {
  apps: App[];
  /** One clock for all, as servers share the wall clock. */
  clock: TestClock;
  close(): Promise<void>;
}

/** `count` apps on one fresh, migrated database (PostgreSQL when TEST_DATABASE_URL is set). */
export async function createTestServers(count: number): Promise<TestServers> {
  const { url, cleanup } = await createTestDb();
  const clock = createClock();
  const dbs: Db[] = [];
  const apps: App[] = [];
  for (let i = 0; i < count; i++) {
    const db = await createDb(url);
    dbs.push(db);
    const config = loadConfig({
      APP_URL: 'http://footfall.test',
      DATABASE_URL: url,
      DATA_DIR: '/nonexistent-footfall-data',
      JWT_SECRET: 'test-secret-that-is-long-enough-for-the-config-check',
      LOG_LEVEL: 'silent',
      FOOTFALL_SEED_DEMO: 'false',
    });
    const app = await buildApp({
      config,
      db,
      mailer: createRecordingMailer(),
      now: clock.now,
      schedulerTickMs: 0,
    });
    await app.ready();
    apps.push(app);
  }
  return {
    apps,
    clock,
    async close() {
      for (const app of apps) await app.close();
      for (const db of dbs) await db.close();
      await cleanup();
    },
  };
}
