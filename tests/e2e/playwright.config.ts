// End-to-end tests: the demo site (examples/) in Debian's Chromium, tracking into the real server, and every
// tracker feature proven by the rows the server stored. `npm run test:e2e` (also part of `npm test`).
import { defineConfig } from '@playwright/test';
import { CHROME_UA, CHROMIUM, CHROMIUM_ARGS, E2E_WORKERS } from './support/environment';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // A world per worker (global-setup.ts): a file's tests run in order in one world, beside the other
  // workers' files in theirs, and tell their rows apart by time and visitor.
  workers: E2E_WORKERS,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // With two workers (FOOTFALL_E2E_WORKERS=2) two worlds share the two cores, and a test takes up to twice
  // as long: the longest ones without a timeout of their own took 18–24 s then, 8–15 s with one worker.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    userAgent: CHROME_UA,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
