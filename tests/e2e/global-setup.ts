// The end-to-end world, started once for the whole run: the built tracker and server, the real server on a
// free port with a fresh SQLite file, a tracked company created in that database, and the demo site
// (examples/serve.mjs) pointing at both. The function it returns tears everything down.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, createRepositories } from '@footfall/db';
import { eq } from 'drizzle-orm';
import { buildIfStale, freePort, INGEST_PATH } from '../bench/footfall-server';
import { CHROMIUM, otherChromeUserAgent, publishEnvironment, ROOT } from './support/environment';

const START_TIMEOUT_MS = 30_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Started {
  child: ChildProcess;
  /** Everything it printed, for the error message when it fails to start. */
  output(): string;
}

function start(name: string, args: string[], env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > 20_000) output = output.slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  // The processes' warnings and errors go to the run's output (the server logs at `warn`).
  child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  return { child, output: () => output };
}

async function waitFor<T>(what: string, started: Started, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (started.child.exitCode !== null || started.child.signalCode !== null) {
      throw new Error(`${what} exited during start-up:\n${started.output()}`);
    }
    const result = await probe().catch(() => undefined);
    if (result !== undefined) return result;
    await sleep(100);
  }
  throw new Error(`${what} did not start within ${START_TIMEOUT_MS / 1000} s:\n${started.output()}`);
}

async function stop(started: Started | undefined): Promise<void> {
  const child = started?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

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

  buildIfStale(['tracker', 'server']);

  const dataDir = mkdtempSync(join(tmpdir(), 'footfall-e2e-'));
  const databaseUrl = `file:${join(dataDir, 'footfall.db')}`;
  let server: Started | undefined;
  let site: Started | undefined;
  const teardown = async () => {
    await Promise.all([stop(site), stop(server)]);
    if (process.env.FOOTFALL_E2E_KEEP) process.stdout.write(`e2e data kept in ${dataDir}\n`);
    else rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const port = await freePort();
    const serverUrl = `http://127.0.0.1:${port}`;
    const { DATABASE_URL: _ignored, ...inherited } = process.env;
    server = start('server', ['server/dist/main.js'], {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: serverUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      FOOTFALL_SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    });
    // The server migrates before it listens: once it answers, the tables exist.
    await waitFor('The Footfall server', server, async () => {
      const answer = await fetch(`${serverUrl}/api/health`);
      return answer.ok ? true : undefined;
    });

    // Before any tracking request, so the server has cached nothing about this key.
    const trackingKey = `e2e${randomBytes(8).toString('hex')}`;
    const companyId = await createTrackedCompany(databaseUrl, trackingKey);
    await sendEarlierTraffic(serverUrl, trackingKey);

    site = start(
      'demo site',
      [
        'examples/serve.mjs',
        '--port',
        '0',
        '--host',
        '127.0.0.1',
        '--server',
        serverUrl,
        '--company',
        trackingKey,
      ],
      process.env,
    );
    const sitePort = await waitFor('The demo site (examples/serve.mjs)', site, async () => {
      const match = /Footfall demo site: http:\/\/127\.0\.0\.1:(\d+)\//.exec(site?.output() ?? '');
      return match ? Number(match[1]) : undefined;
    });

    // The demo is browsed as a developer would: on `localhost` (hence data-allow-localhost in its pages).
    publishEnvironment({
      server: serverUrl,
      site: `http://localhost:${sitePort}`,
      databaseUrl,
      companyId,
      trackingKey,
    });
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
