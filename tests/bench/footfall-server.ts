// Runs the built Footfall server as a child process on a SQLite file of its own, for the ingestion
// benchmark and the crash test: build if stale, prepare a database with a company, start, stop, kill, count.
// The e2e set-up borrows its build and port helpers.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, createRepositories, type Db, DEFAULT_PLAN, migrate } from '@footfall/db';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** The built server; `FOOTFALL_SERVER_MAIN` runs another build instead (e.g. a deliberately broken one). */
export const SERVER_MAIN = process.env.FOOTFALL_SERVER_MAIN ?? join(ROOT, 'server/dist/main.js');
export const INGEST_PATH = '/api/save-company-visitor-analytics';

/** A desktop Chrome: the ingestion drops empty, bot and headless user agents without storing them. */
export const CHROME_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** Builds the targets (the server bundle by default) whose sources are newer (`scripts/build.mjs --if-stale`). */
export function buildIfStale(targets: string[] = ['server']): void {
  const args = ['--if-stale', ...targets];
  const result = spawnSync(process.execPath, [join(ROOT, 'scripts/build.mjs'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
  // The build reports on stdout; keep our stdout for results.
  if (result.stdout) process.stderr.write(result.stdout);
  if (result.stderr) process.stderr.write(result.stderr);
  if (result.status !== 0)
    throw new Error(`node scripts/build.mjs ${args.join(' ')} failed (${result.status})`);
}

/** A port that was free a moment ago on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface BenchDatabase {
  dir: string;
  dbPath: string;
  /** Tracking keys of the companies created, in the order asked for. */
  companies: { id: number; trackingKey: string }[];
  remove(): void;
}

/**
 * One user owning `companyCount` companies on a plan whose monthly quota no benchmark reaches (the free
 * plan's 10 000 events would answer 429), in a migrated database.
 */
export async function seedBenchCompanies(db: Db, companyCount: number): Promise<BenchDatabase['companies']> {
  const repos = createRepositories(db);
  const { plans, companies } = db.schema;
  const [plan] = await db.orm
    .insert(plans)
    .values({
      ...DEFAULT_PLAN,
      slug: 'bench',
      name: 'Bench',
      eventsQuota: 2_000_000_000,
      apiCallsQuota: 2_000_000_000,
      isDefault: false,
    })
    .returning({ id: plans.id });
  if (!plan) throw new Error('the bench plan was not created');
  const created: BenchDatabase['companies'] = [];
  for (let i = 0; i < companyCount; i++) {
    const trackingKey = `bench${randomBytes(8).toString('hex')}`;
    const { company } = await repos.users.register({
      user: {
        name: `Bench User ${i + 1}`,
        email: `bench${i + 1}@footfall.example`,
        // Nobody signs in: any string will do.
        passwordHash: 'not-a-hash',
      },
      company: {
        name: `Bench Company ${i + 1}`,
        website: 'https://shop.example.com',
        timezone: 'UTC',
        trackingKey,
      },
    });
    await db.orm.update(companies).set({ planId: plan.id }).where(eq(companies.id, company.id));
    created.push({ id: company.id, trackingKey });
  }
  return created;
}

/** A fresh SQLite database in a temporary folder, migrated, with `seedBenchCompanies`. */
export async function createBenchDatabase(companyCount = 1): Promise<BenchDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'footfall-bench-'));
  const dbPath = join(dir, 'footfall.db');
  const db = await createDb(`file:${dbPath}`);
  try {
    await migrate(db);
    return {
      dir,
      dbPath,
      companies: await seedBenchCompanies(db, companyCount),
      remove: () => rmSync(dir, { recursive: true, force: true }),
    };
  } finally {
    await db.close();
  }
}

export interface FootfallProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
  /** SIGTERM and wait: the server finishes requests in flight, commits and closes the database. */
  stop(timeoutMs?: number): Promise<number | string>;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<number | string>;
  /** The server's output so far (logs and start-up errors). */
  output(): string;
}

export interface StartOptions {
  db: BenchDatabase;
  /** Default `warn`. */
  logLevel?: string;
  env?: Record<string, string>;
  /** Extra Node flags, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** How long the server may take to answer its health check (default 30 s). */
  startTimeoutMs?: number;
  /** Where the output goes (a file in the database's folder by default). */
  logFile?: string;
  /** The port to listen on (a free one by default): a restarted server takes its old one back. */
  port?: number;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts `server/dist/main.js` on the database and waits until `GET /api/health` answers 200. */
export async function startFootfall(options: StartOptions): Promise<FootfallProcess> {
  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? join(options.db.dir, 'server.log');
  const fd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), SERVER_MAIN], {
    cwd: options.db.dir,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: `file:${options.db.dbPath}`,
      DATA_DIR: options.db.dir,
      FOOTFALL_SEED_DEMO: 'false',
      // Every request comes from 127.0.0.1: the per-IP limit must not be what is measured.
      INGEST_IP_LIMIT: '1000000000',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: options.logLevel ?? 'warn',
      ...options.env,
    },
  });
  closeSync(fd);
  running.add(child);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
  });
  const output = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '');
  const url = `http://127.0.0.1:${port}`;
  const handle: FootfallProcess = {
    url,
    child,
    exited,
    async stop(timeoutMs = 15_000) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      const result = await exited;
      clearTimeout(timer);
      return result;
    },
    async kill() {
      child.kill('SIGKILL');
      return exited;
    },
    output,
  };
  await waitForHealth(url, child, exited, output, options.startTimeoutMs);
  return handle;
}

/**
 * Polls `GET url/api/health` until it answers 200. Fails when the process exits first, or kills it when it
 * has not answered within `timeoutMs` (30 s by default).
 */
export async function waitForHealth(
  url: string,
  child: ChildProcess,
  exited: Promise<unknown>,
  output: () => string = () => '',
  timeoutMs = 30_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let ended: unknown;
  void exited.then((code) => {
    ended = code;
  });
  while (Date.now() < deadline) {
    if (ended !== undefined) {
      throw new Error(`the server exited (${ended}) before answering:\n${output()}`);
    }
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /api/health within ${timeoutMs / 1000} s:\n${output()}`);
}

/** Opens the database read-only (the server may be running: WAL lets a reader in beside it). */
export function openReadOnly(db: BenchDatabase): Database.Database {
  return new Database(db.dbPath, { readonly: true, fileMustExist: true });
}

/** Rows of `events` for a company. */
export function countEvents(db: BenchDatabase, companyId?: number): number {
  const client = openReadOnly(db);
  try {
    const row = (
      companyId === undefined
        ? client.prepare('select count(*) as n from events').get()
        : client.prepare('select count(*) as n from events where company_id = ?').get(companyId)
    ) as { n: number };
    return row.n;
  } finally {
    client.close();
  }
}

/**
 * The database's size on disk once everything is in the main file: checkpoints the WAL (TRUNCATE), then
 * answers the main file plus whatever WAL is left (0 after a successful checkpoint). Call with the server
 * stopped.
 */
export function checkpointedSize(db: BenchDatabase): { main: number; wal: number } {
  const client = new Database(db.dbPath, { fileMustExist: true });
  try {
    client.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    client.close();
  }
  const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
  return { main: size(db.dbPath), wal: size(`${db.dbPath}-wal`) };
}
