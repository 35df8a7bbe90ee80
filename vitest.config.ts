import { defineConfig } from 'vitest/config';

// One project per package, so CI can re-run only the database-backed suites on PostgreSQL
// (`vitest run --project db --project server`).
export default defineConfig({
  test: {
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
          exclude: ['tests/e2e/**', '**/node_modules/**'],
        },
      },
    ],
  },
});
