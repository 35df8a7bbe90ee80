import { afterAll, beforeAll } from 'vitest';
import type { Db } from '../../src/create-db';
import type { RegisterInput } from '../../src/repos/accounts/users';
import { createRepositories, type Repositories } from '../../src/repos/index';
import { createTestDb, type TestDb } from './test-db';

// Helpers for this package's tests: one fresh database per test file (creating a PostgreSQL database per
// test would dominate the run time), so tests use unique e-mails and keys instead of a clean slate.

export interface TestContext {
  readonly db: Db;
  readonly repos: Repositories;
  readonly url: string;
}

export function useTestDb(): TestContext {
  let testDb: TestDb | undefined;
  let repos: Repositories | undefined;
  beforeAll(async () => {
    testDb = await createTestDb();
    repos = createRepositories(testDb.db);
  });
  afterAll(async () => {
    await testDb?.cleanup();
  });
  const ready = () => {
    if (!testDb || !repos) throw new Error('The test database is opened in beforeAll.');
    return { testDb, repos };
  };
  return {
    get db() {
      return ready().testDb.db;
    },
    get url() {
      return ready().testDb.url;
    },
    get repos() {
      return ready().repos;
    },
  };
}

let sequence = 0;

/** A string no other call in this process returns, e.g. `key-lq2x9a-7`. */
export function unique(label: string): string {
  sequence += 1;
  return `${label}-${Date.now().toString(36)}-${sequence}`;
}

export function uniqueEmail(label = 'user'): string {
  return `${unique(label)}@example.test`;
}

export function registration(
  overrides: { email?: string; trackingKey?: string; companyName?: string } = {},
): RegisterInput {
  return {
    user: { name: 'Ada Lovelace', email: overrides.email ?? uniqueEmail(), passwordHash: 'hash-1' },
    company: {
      name: overrides.companyName ?? 'Analytical Engines',
      website: 'https://engines.example',
      timezone: 'Europe/London',
      trackingKey: overrides.trackingKey ?? unique('key'),
    },
  };
}

export const at = (iso: string) => new Date(iso);
