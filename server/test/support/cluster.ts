import { createDb } from '@footfall/db';
import { createTestDb, type TestDb } from '@footfall/db/testing';
import { afterAll, afterEach } from 'vitest';
import { buildApp } from '../../src/app';
import type { App } from '../../src/types';
import { createClock, type TestClock, testConfig } from './app';
import { createRecordingMailer, type RecordingMailer } from './mailer';

/** One server of a cluster: its app and the mails it sent. */
export interface ClusterServer {
  app: App;
  mailer: RecordingMailer;
}

export interface Cluster {
  test: TestDb;
  clock: TestClock;
  /** Starts another server on the shared database, with its own connection pool, caches and mailer. */
  start(env?: Record<string, string>): Promise<ClusterServer>;
}

/**
 * Several servers sharing one fresh database (PostgreSQL when TEST_DATABASE_URL is set), one clock, and
 * nothing in memory. Everything is closed after each test (or, with `'file'`, after the file's last test,
 * for tests that can share servers); a test may close a server itself earlier.
 */
export function useCluster(scope: 'test' | 'file' = 'test'): () => Promise<Cluster> {
  const cleanups: (() => Promise<void>)[] = [];
  (scope === 'test' ? afterEach : afterAll)(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  return async () => {
    const test = await createTestDb();
    cleanups.push(() => test.cleanup());
    const clock = createClock();
    const start = async (env: Record<string, string> = {}): Promise<ClusterServer> => {
      const db = await createDb(test.url);
      const config = testConfig(test.url, env);
      const mailer = createRecordingMailer();
      const app = await buildApp({ config, db, mailer, now: clock.now, schedulerTickMs: 0 });
      await app.ready();
      cleanups.push(async () => {
        // Closing an app twice is harmless: a test may close one itself, as a stopped server.
        await app.close();
        await db.close();
      });
      return { app, mailer };
    };
    return { test, clock, start };
  };
}

/** Asks `check` again every 20 ms until it holds, failing after `withinMs`; answers how long it took. */
export async function eventually(check: () => Promise<boolean>, withinMs = 1_000): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
