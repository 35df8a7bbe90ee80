// End-to-end tests: the demo site (examples/) in Debian's Chromium, tracking into the real server, and every
// tracker feature proven by the rows the server stored. `npm run test:e2e` (also part of `npm test`).
import { defineConfig } from '@playwright/test';
import { CHROME_UA, CHROMIUM, CHROMIUM_ARGS } from './support/environment';

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  globalSetup: './global-setup.ts',
  // One browser at a time: the tests share one server and tell their rows apart by time and visitor.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
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
