import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDb, createRepositories, duringStartup, migrate } from '@footfall/db';
import { buildApp } from './app';
import { ensureAdmin } from './bootstrap/admin';
import { DEMO_TRACKING_KEY_FILE, type DemoCredentials, seedDemo } from './bootstrap/demo';
import { seedDemoTraffic } from './bootstrap/demo-traffic';
import { securePrivateFiles } from './bootstrap/private-files';
import { ConfigError, loadConfig } from './config';
import { packImportedDays } from './ingest/pack-imported-days';
import { resolveStaticDirs } from './static-dirs';

function banner(url: string, demo: DemoCredentials | undefined): string {
  const lines = [`Footfall is running at ${url}`];
  if (demo) {
    lines.push(
      '',
      'A demo workspace was created. Sign in with (shown only this once):',
      `  email:    ${demo.email}`,
      `  password: ${demo.password}`,
      `  dashboard: ${url}/dashboard/${demo.companyId}`,
      '',
      'The example site tracks into this company: run `npm run examples` in another terminal.',
    );
    if (demo.admin) {
      lines.push(
        '',
        'An admin account was created for the admin area (shown only this once):',
        `  admin email:    ${demo.admin.email}`,
        `  admin password: ${demo.admin.password}`,
        `  admin area:     ${url}/admin/login`,
      );
    }
  }
  return `\n${lines.map((line) => (line ? `  ${line}` : '')).join('\n')}\n\n`;
}

/** The process: config → database → app → listen, and a graceful close on SIGTERM/SIGINT. */
async function main(): Promise<void> {
  const config = loadConfig();
  await securePrivateFiles(config.dataDir);
  const db = await createDb(config.databaseUrl, { readUrl: config.databaseReadUrl });
  await migrate(db);
  const repos = createRepositories(db);
  // Servers started together on one PostgreSQL take turns here: the first creates, the others find.
  const demo = await duringStartup(db, async () => {
    if (config.adminEmail && config.adminPassword) {
      await ensureAdmin(repos, { email: config.adminEmail, password: config.adminPassword });
    }
    return config.seedDemo ? await seedDemo(repos, new Date()) : undefined;
  });
  if (demo) await writeFile(join(config.dataDir, DEMO_TRACKING_KEY_FILE), `${demo.trackingKey}\n`);
  const app = await buildApp({ config, db, staticDirs: resolveStaticDirs() });

  const seeding = new AbortController();
  let sampleTraffic: Promise<void> = Promise.resolve();
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took over 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      seeding.abort();
      await sampleTraffic;
      await app.close();
      await db.close();
    } finally {
      process.exit(0);
    }
  };
  process.once('SIGTERM', () => void close('SIGTERM'));
  process.once('SIGINT', () => void close('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  if (config.production && !config.stripeSecretKey) {
    // The built-in provider confirms checkouts without taking a payment: right for trying plans out, wrong
    // for a server that sells them.
    app.log.warn(
      'payments use the built-in test checkout, which upgrades plans without charging: set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments',
    );
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = config.port === port ? config.appUrl : `http://localhost:${port}`;
  process.stdout.write(banner(url, demo));
  // The demo's sample traffic is imported after the server is up, so the first start stays quick.
  if (demo) {
    const { enrichers, calendar, visitIds } = app.ingestion.deps;
    sampleTraffic = seedDemoTraffic(
      { repos, enrichers, calendar, visitIds, importsUnderway: app.importsUnderway },
      demo.trackingKey,
      Date.now(),
      seeding.signal,
    )
      .then(async (sample) => {
        const company = await repos.tracking.findCompanyByTrackingKey(demo.trackingKey);
        if (company) await packImportedDays(app, company, sample.days);
        app.log.info({ stored: sample.stored }, 'demo company: 30 days of sample traffic imported');
      })
      .catch((error: unknown) =>
        app.log.error({ err: error }, 'demo company: importing sample traffic failed'),
      );
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Footfall failed to start: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
  }
  process.exit(1);
});
