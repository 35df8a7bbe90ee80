import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One project per package, so CI can re-run only the database-backed suites on PostgreSQL
// (`vitest run --project db --project server`).
export default defineConfig({
  test: {
    // Vitest leaves a core to itself by default, which on a two-core machine means one test file at a time;
    // the files spend much of their time waiting on a database, so two at a time run the suites in about
    // 60% of the time there (every suite on SQLite: 668 s with one, 404 s with two; the db and server suites on
    // PostgreSQL: 736 s and 440 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'contract', include: ['contract/src/**/*.test.ts'] } },
      { test: { name: 'db', include: ['db/src/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['server/src/**/*.test.ts', 'server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      { test: { name: 'dashboard', include: ['dashboard/src/**/*.test.{ts,tsx}'] } },
      // The tracker's tests load its bundles (built once, in the global set-up) into happy-dom windows.
      {
        test: {
          name: 'tracker',
          include: ['tracker/test/**/*.test.{ts,tsx}'],
          globalSetup: ['tracker/test/global-setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'tests',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', 'tests/cluster/**', '**/node_modules/**'],
        },
      },
      // Several built servers on one PostgreSQL (TEST_DATABASE_URL; skipped without it), run by CI in its
      // PostgreSQL section: `vitest run --project cluster`.
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
