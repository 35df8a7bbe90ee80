// What the global set-up starts and the tests use: passed from the set-up to the test workers through
// environment variables (Playwright's workers inherit the set-up's `process.env`). The set-up starts one world
// (server, database, mailbox, provider, demo site) per worker, and each worker uses its own.
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Debian's Chromium (`apt-get install chromium`); Playwright's own browser downloads are not used. */
export const CHROMIUM = process.env.FOOTFALL_E2E_CHROMIUM ?? '/usr/bin/chromium';

/**
 * A desktop Chrome. Headless Chromium says `HeadlessChrome`, which the server drops as a bot. Set for the
 * whole browser (`--user-agent`) as well as for each context: a context's user agent does not reach the
 * requests that outlive their page (a beacon sent on `pagehide` while navigating away goes out with the
 * browser's own user agent).
 */
export const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';

/** Another desktop Chrome, hence another visitor (visitor ids hash the IP and the user agent). */
export function otherChromeUserAgent(build: number): string {
  return CHROME_UA.replace('142.0.0.0', `142.0.${build}.0`);
}

/** Without the background-networking flags Chromium keeps calling home, which a closed network punishes. */
export const CHROMIUM_ARGS = [
  `--user-agent=${CHROME_UA}`,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // The server listens on loopback here, as a customer's pages never see it: without this, Chromium's local
  // network access rules block a page of a site's own host (served by the tests) from loading its script.
  '--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests,PrivateNetworkAccessSendPreflights,PrivateNetworkAccessRespectPreflightResults',
];

export interface E2eEnvironment {
  /** The Footfall server, e.g. `http://127.0.0.1:41234`. */
  server: string;
  /** The demo site (examples/serve.mjs), e.g. `http://localhost:41235`. */
  site: string;
  /** The server's SQLite database URL (`file:…`). */
  databaseUrl: string;
  companyId: number;
  trackingKey: string;
  /** Where the in-process SMTP server writes the messages the Footfall server sends. */
  mailDir: string;
  /** The demo workspace the server seeded at its first start: 30 days of sample traffic. */
  demoEmail: string;
  demoPassword: string;
  demoCompanyId: number;
  /** The admin created at start from FOOTFALL_ADMIN_EMAIL and FOOTFALL_ADMIN_PASSWORD. */
  adminEmail: string;
  adminPassword: string;
  /** The in-process OpenID provider the server offers for single sign-on. */
  oidcIssuer: string;
}

const VARIABLES = {
  server: 'FOOTFALL_E2E_SERVER',
  site: 'FOOTFALL_E2E_SITE',
  databaseUrl: 'FOOTFALL_E2E_DATABASE_URL',
  companyId: 'FOOTFALL_E2E_COMPANY_ID',
  trackingKey: 'FOOTFALL_E2E_TRACKING_KEY',
  mailDir: 'FOOTFALL_E2E_MAIL_DIR',
  demoEmail: 'FOOTFALL_E2E_DEMO_EMAIL',
  demoPassword: 'FOOTFALL_E2E_DEMO_PASSWORD',
  demoCompanyId: 'FOOTFALL_E2E_DEMO_COMPANY_ID',
  adminEmail: 'FOOTFALL_E2E_ADMIN_EMAIL',
  adminPassword: 'FOOTFALL_E2E_ADMIN_PASSWORD',
  oidcIssuer: 'FOOTFALL_E2E_OIDC_ISSUER',
} as const;

/**
 * Test workers, each with a world of its own (`FOOTFALL_E2E_WORKERS`, 1 by default). Two keep both cores
 * busy: the suite took 12.4–12.7 min with two against 16.3 min with one. They are not the default yet: with
 * the machine loaded a little more, two tests raced (the header's fixed state checked right after scrolling
 * the blog list just opened; a click on Plans right after signing in that did not navigate).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.FOOTFALL_E2E_WORKERS) || 1);

/** Playwright numbers its running workers 0…workers-1 (`TEST_PARALLEL_INDEX`); the set-up has none. */
function currentWorld(): number {
  return Number(process.env.TEST_PARALLEL_INDEX ?? 0) % E2E_WORKERS;
}

/** Publishes the world of worker `world` (0…E2E_WORKERS-1) to the workers about to start. */
export function publishEnvironment(environment: E2eEnvironment, world: number): void {
  for (const [field, variable] of Object.entries(VARIABLES)) {
    process.env[`${variable}_${world}`] = String(environment[field as keyof E2eEnvironment]);
  }
}

/** The world of the worker this runs in. */
export function readEnvironment(): E2eEnvironment {
  const world = currentWorld();
  const read = (name: string) => {
    const variable = `${name}_${world}`;
    const value = process.env[variable];
    if (!value)
      throw new Error(`${variable} is not set: run the suite through tests/e2e/playwright.config.ts`);
    return value;
  };
  return {
    server: read(VARIABLES.server),
    site: read(VARIABLES.site),
    databaseUrl: read(VARIABLES.databaseUrl),
    companyId: Number(read(VARIABLES.companyId)),
    trackingKey: read(VARIABLES.trackingKey),
    mailDir: read(VARIABLES.mailDir),
    demoEmail: read(VARIABLES.demoEmail),
    demoPassword: read(VARIABLES.demoPassword),
    demoCompanyId: Number(read(VARIABLES.demoCompanyId)),
    adminEmail: read(VARIABLES.adminEmail),
    adminPassword: read(VARIABLES.adminPassword),
    oidcIssuer: read(VARIABLES.oidcIssuer),
  };
}
