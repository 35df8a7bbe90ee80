import { createDb } from '@footfall/db';
import { createTestDb } from '@footfall/db/testing';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { StaticDirs } from '../../src/plugins/static';
import type { App } from '../../src/types';
import { openEnvelope } from './envelope';
import { createRecordingMailer, type RecordingMailer } from './mailer';

/** A clock the tests can move; it starts at the real time. */
export interface TestClock {
  now: () => Date;
  advance(ms: number): void;
}

/**
 * Moves the clock to noon UTC of its day, backwards or forwards: for tests whose events span hours, which
 * a run shortly after midnight would split across two days (visitor ids and visits change at midnight).
 */
export function moveToNoonUtc(clock: TestClock): void {
  const now = clock.now();
  clock.advance(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12) - now.getTime());
}

export function createClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}

/** A clock that stands still at `start` but for `advance`: for traffic that must time out the same twice. */
export function createStillClock(start: number): TestClock {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
  };
}

export interface TestApp {
  app: App;
  mailer: RecordingMailer;
  clock: TestClock;
  config: Config;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  staticDirs?: StaticDirs;
  logStream?: NodeJS.WritableStream;
  /**
   * A read replica of the fresh database (its URL given): the app reads its analytics there
   * (`DATABASE_READ_URL`), on its own connection to both, closed with the app. `ready` runs first, e.g. to
   * wait until the replica has the new database.
   */
  readReplica?: { urlOf: (url: string) => string; ready?: (replicaUrl: string) => Promise<void> };
  /** How long an analytics job may run before it is stopped with 503 (30 s by default). */
  analyticsTimeoutMs?: number;
  /** The app's clock; by default one that runs with real time and can be moved. */
  clock?: TestClock;
}

/** The settings of a test server on the database at `url`, with `env` over them. */
export function testConfig(url: string, env: Record<string, string> = {}): Config {
  return loadConfig({
    APP_URL: 'http://footfall.test',
    DATABASE_URL: url,
    DATA_DIR: '/nonexistent-footfall-data',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-the-config-check',
    LOG_LEVEL: 'silent',
    FOOTFALL_SEED_DEMO: 'false',
    ...env,
  });
}

/**
 * A whole application on a fresh, migrated database (SQLite, or PostgreSQL when TEST_DATABASE_URL is set),
 * with a recording mailer and a movable clock.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { db: testDb, url, cleanup } = await createTestDb();
  const replica = options.readReplica;
  const readUrl = replica?.urlOf(url);
  if (readUrl) await replica?.ready?.(readUrl);
  const db = readUrl ? await createDb(url, { readUrl }) : testDb;
  const config = testConfig(url, { ...(readUrl && { DATABASE_READ_URL: readUrl }), ...options.env });
  const mailer = createRecordingMailer();
  const clock = options.clock ?? createClock();
  const app = await buildApp({
    config,
    db,
    mailer,
    now: clock.now,
    staticDirs: options.staticDirs,
    logStream: options.logStream,
    // Tests tick the scheduler themselves, after moving the clock.
    schedulerTickMs: 0,
    ...(options.analyticsTimeoutMs !== undefined && { analyticsTimeoutMs: options.analyticsTimeoutMs }),
  });
  await app.ready();
  return {
    app,
    mailer,
    clock,
    config,
    async close() {
      await app.close();
      if (db !== testDb) await db.close();
      await cleanup();
    },
  };
}

/** The decrypted body of an enveloped answer. */
export function sealedBody<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return openEnvelope<T>(response.json());
}

export type Inject = (options: InjectOptions) => Promise<LightMyRequestResponse>;

/**
 * One app for a whole test file: built before its first test, closed after its last. The answer reads
 * through to that app, so tests write `t.app`, `t.mailer`, `t.clock`.
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await createTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  const built = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app is built in beforeAll; use it inside tests');
    return current;
  };
  return {
    get app() {
      return built().app;
    },
    get mailer() {
      return built().mailer;
    },
    get clock() {
      return built().clock;
    },
    get config() {
      return built().config;
    },
    close: () => built().close(),
  };
}

let clientAddresses = 0;

/** A client address no other test uses, so that per-IP limits of one test never touch another. */
export function newIp(): string {
  clientAddresses += 1;
  return `10.${(clientAddresses >> 16) & 255}.${(clientAddresses >> 8) & 255}.${clientAddresses & 255}`;
}
