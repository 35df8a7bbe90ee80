// The end-to-end worlds, started once for the whole run, one for each test worker. The tracker, dashboard and
// server are built once; each world has an SMTP server in this process that keeps every mail as a file; an
// OpenID provider in this process, which its server offers for single sign-on; the real server on a free port
// with a fresh SQLite file, its demo workspace (30 days of sample traffic) and a bootstrap admin; a tracked
// company created in that database; and the demo site (examples/serve.mjs) pointing at it all. The function
// it returns tears every world down.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, createRepositories } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { startOidcProvider, type TestOidcProvider } from '../../server/test/support/oidc-provider';
import { buildIfStale, freePort, INGEST_PATH } from '../bench/footfall-server';
import { CHROMIUM, E2E_WORKERS, otherChromeUserAgent, publishEnvironment } from './support/environment';
import { type Mailbox, startMailbox } from './support/mailbox';
import { OIDC_DISPLAY_NAME, SSO_ACCOUNT, UNVERIFIED_SSO_ACCOUNT } from './support/oidc';
import { type Started, start, stop, waitFor } from './support/processes';

/** The demo's sample traffic is imported after the server listens: a few seconds on these machines. */
const DEMO_IMPORT_TIMEOUT_MS = 120_000;
const ADMIN = { email: 'e2e-admin@example.com', password: `admin-${randomBytes(9).toString('base64url')}` };

/** A company with an owner, public stats on and no domain restriction, made through the repositories. */
async function createTrackedCompany(databaseUrl: string, trackingKey: string): Promise<number> {
  const db = await createDb(databaseUrl);
  try {
    const { company } = await createRepositories(db).users.register({
      user: { name: 'E2E Owner', email: 'e2e-owner@example.com', passwordHash: 'not-a-hash' },
      company: { name: 'Lumen Notes (e2e)', website: 'http://localhost', timezone: 'UTC', trackingKey },
    });
    const { companies } = db.schema;
    await db.orm.update(companies).set({ publicStats: true }).where(eq(companies.id, company.id));
    return company.id;
  } finally {
    await db.close();
  }
}

/**
 * A few page views from another visitor, before any test: the public stats (cached for a minute by the
 * server and the browser) are then never all zero, whichever test fetches them first.
 */
async function sendEarlierTraffic(serverUrl: string, trackingKey: string): Promise<void> {
  const pages = ['/', '/pricing.html', '/docs.html'];
  const answer = await fetch(serverUrl + INGEST_PATH, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': otherChromeUserAgent(1) },
    body: JSON.stringify(
      pages.map((path) => ({ company: trackingKey, type: 'pageview', url: `http://localhost${path}` })),
    ),
  });
  if (answer.status !== 202) throw new Error(`ingestion answered ${answer.status}: ${await answer.text()}`);
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `No Chromium at ${CHROMIUM}: install Debian's (apt-get install -y chromium), as .ci/run does. ` +
        'Playwright\'s own browser downloads ("npx playwright install") are not used.',
    );
  }

  buildIfStale(['tracker', 'dashboard', 'server']);

  // One world per worker, started side by side; if one fails, the others are torn down too.
  const worlds = await Promise.allSettled(
    Array.from({ length: E2E_WORKERS }, (_unused, world) => startWorld(world)),
  );
  const teardowns = worlds.flatMap((world) => (world.status === 'fulfilled' ? [world.value] : []));
  const teardown = async () => {
    await Promise.all(teardowns.map((down) => down()));
  };
  const failed = worlds.find((world) => world.status === 'rejected');
  if (failed) {
    await teardown();
    throw failed.reason;
  }
  return teardown;
}

/** Starts world number `world` and publishes it to the workers; resolves with its teardown. */
async function startWorld(world: number): Promise<() => Promise<void>> {
  const dataDir = mkdtempSync(join(tmpdir(), 'footfall-e2e-'));
  const databaseUrl = `file:${join(dataDir, 'footfall.db')}`;
  let server: Started | undefined;
  let site: Started | undefined;
  let mailbox: Mailbox | undefined;
  let oidcProvider: TestOidcProvider | undefined;
  const mailDir = join(dataDir, 'mail');
  const teardown = async () => {
    await Promise.all([stop(site), stop(server)]);
    await mailbox?.close();
    await oidcProvider?.close();
    if (process.env.FOOTFALL_E2E_KEEP) process.stdout.write(`e2e data kept in ${dataDir}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    mailbox = await startMailbox(mailDir);
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    // Before the server, whose single sign-on it is: the sign-in screen offers it from the first page.
    oidcProvider = await startOidcProvider({
      redirectUris: [`${serverUrl}/api/auth/oidc/callback`],
      accounts: [SSO_ACCOUNT, UNVERIFIED_SSO_ACCOUNT],
    });
    server = startServer(world, {
      port,
      dataDir,
      databaseUrl,
      smtpUrl: mailbox.url,
      oidcEnv: oidcProvider.env,
    });
    // The server migrates before it listens: once it answers, the tables exist.
    await waitFor('The Footfall server', server, async () => {
      const answer = await fetch(`${serverUrl}/api/health`);
      return answer.ok ? true : undefined;
    });

    const demo = await waitForDemoWorkspace(server);

    // Before any tracking request, so the server has cached nothing about this key.
    const trackingKey = `e2e${randomBytes(8).toString('hex')}`;
    const companyId = await createTrackedCompany(databaseUrl, trackingKey);
    await sendEarlierTraffic(serverUrl, trackingKey);

    site = startDemoSite(world, serverUrl, trackingKey);
    const sitePort = await demoSitePort(site);

    // The demo is browsed as a developer would: on `localhost` (hence data-allow-localhost in its pages).
    publishEnvironment(
      {
        server: serverUrl,
        site: `http://localhost:${sitePort}`,
        databaseUrl,
        companyId,
        trackingKey,
        mailDir,
        demoEmail: demo.email,
        demoPassword: demo.password,
        demoCompanyId: demo.companyId,
        adminEmail: ADMIN.email,
        adminPassword: ADMIN.password,
        oidcIssuer: oidcProvider.issuer,
      },
      world,
    );
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}

interface ServerPlace {
  port: number;
  dataDir: string;
  databaseUrl: string;
  smtpUrl: string;
  /** The settings that point the server at the world's OpenID provider. */
  oidcEnv: NodeJS.ProcessEnv;
}

/** A world's Footfall server: its own port, folder and database, the demo workspace on, a bootstrap admin. */
function startServer(world: number, place: ServerPlace): Started {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const serverUrl = `http://127.0.0.1:${place.port}`;
  return start(`server ${world}`, ['server/dist/main.js'], {
    ...inherited,
    PORT: String(place.port),
    HOST: '127.0.0.1',
    APP_URL: serverUrl,
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    FOOTFALL_SEED_DEMO: 'true',
    FOOTFALL_ADMIN_EMAIL: ADMIN.email,
    FOOTFALL_ADMIN_PASSWORD: ADMIN.password,
    SMTP_URL: place.smtpUrl,
    // The alerts spec's webhook receiver listens on 127.0.0.1, which alerts refuse by default.
    ALERT_WEBHOOKS_ALLOW_PRIVATE: 'true',
    // The accounts that the helpers register say where they come from (`X-Forwarded-For`), since
    // registrations are rationed per address; the browser's own requests carry none.
    TRUST_PROXY: '127.0.0.1',
    ...place.oidcEnv,
    OIDC_DISPLAY_NAME,
    // Info, for the line that says the demo's sample traffic is in.
    LOG_LEVEL: 'info',
  });
}

/**
 * The demo account, once the server has imported its sample traffic. The banner shows the account's
 * generated password once; the sample traffic follows in the background, and the dashboard tests need all of it.
 */
async function waitForDemoWorkspace(server: Started) {
  const demo = await waitFor('The demo workspace', server, async () => {
    const email = server.printed(/email:\s+(\S+)/)?.[1];
    const password = server.printed(/password:\s+(\S+)/)?.[1];
    const companyId = server.printed(/dashboard: \S+\/dashboard\/(\d+)/)?.[1];
    return email && password && companyId ? { email, password, companyId: Number(companyId) } : undefined;
  });
  const imported = await waitFor(
    "The demo's sample traffic",
    server,
    async () => {
      if (server.printed(/sample traffic imported/)) return 'imported';
      return server.printed(/importing sample traffic failed/) ? 'failed' : undefined;
    },
    DEMO_IMPORT_TIMEOUT_MS,
  );
  if (imported === 'failed') throw new Error(`The demo import failed:\n${server.output()}`);
  return demo;
}

/** The demo site (examples/serve.mjs) tracking into the world's server with the tracked company's key. */
function startDemoSite(world: number, serverUrl: string, trackingKey: string): Started {
  const args = ['--port', '0', '--host', '127.0.0.1', '--server', serverUrl, '--company', trackingKey];
  return start(`demo site ${world}`, ['examples/serve.mjs', ...args], process.env);
}

/** The port the demo site listens on, from the line it prints once it does. */
function demoSitePort(site: Started): Promise<number> {
  return waitFor('The demo site (examples/serve.mjs)', site, async () => {
    const match = /Footfall demo site: http:\/\/127\.0\.0\.1:(\d+)\//.exec(site.output());
    return match ? Number(match[1]) : undefined;
  });
}
