// Runs the built Footfall server as a child process on a SQLite file of its own (or a PostgreSQL database of
// its own), for the ingestion benchmarks and the crash test: build if stale, prepare a database with a
// company, start, stop, kill, count. The e2e set-up borrows its build and port helpers.
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
import pg from 'pg';

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

/** Where the PostgreSQL benchmarks create their databases unless told otherwise. */
export const DEFAULT_BENCH_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database of the benchmark's own, and a folder for its servers' logs and data. */
export interface PostgresBenchDatabase {
  dir: string;
  /** The database's URL, for the servers' `DATABASE_URL`. */
  url: string;
  /** The database's name, `footfall_bench_<random hex>`. */
  name: string;
  companies: BenchDatabase['companies'];
  /** Rows of `events` (for one company). */
  countEvents(companyId?: number): Promise<number>;
  /** Process ids of the PostgreSQL backends connected to this database (for their CPU time). */
  backendPids(): Promise<number[]>;
  /**
   * What each backend of this database (but the asking one) is doing: `idle` between transactions,
   * `idle in transaction` waiting for the server's next statement, else its wait event (`Lock:transactionid`,
   * `IO:WALSync`, …) or `running` on a CPU.
   */
  backendActivity(): Promise<string[]>;
  /** Drops the database (ending the connections left) and removes the folder. */
  remove(): Promise<void>;
}

/**
 * Creates `footfall_bench_<random>` through `adminUrl` (any database on the server, used for CREATE and
 * DROP DATABASE only), migrates it and seeds it with `seedBenchCompanies`.
 */
export async function createPostgresBenchDatabase(
  adminUrl: string,
  companyCount = 1,
): Promise<PostgresBenchDatabase> {
  // Random hex: safe to interpolate as an identifier.
  const name = `footfall_bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(join(tmpdir(), 'footfall-bench-'));
  // One connection for the counts, opened after the seeding: the benchmark's queries are few and short.
  const reader = new pg.Client({ connectionString: url.toString() });
  const remove = async () => {
    await reader.end().catch(() => {});
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
    } finally {
      await client.end();
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    const db = await createDb(url.toString());
    let companies: BenchDatabase['companies'];
    try {
      await migrate(db);
      companies = await seedBenchCompanies(db, companyCount);
    } finally {
      await db.close();
    }
    await reader.connect();
    return {
      dir,
      url: url.toString(),
      name,
      companies,
      async countEvents(companyId) {
        const { rows } =
          companyId === undefined
            ? await reader.query<{ n: string }>('select count(*) as n from events')
            : await reader.query<{ n: string }>('select count(*) as n from events where company_id = $1', [
                companyId,
              ]);
        return Number(rows[0]?.n ?? 0);
      },
      async backendPids() {
        const { rows } = await reader.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
        );
        return rows.map((row) => row.pid);
      },
      async backendActivity() {
        const { rows } = await reader.query<{ activity: string }>(
          `select case when state <> 'active' then state
                       when wait_event is null then 'running'
                       else wait_event_type || ':' || wait_event end as activity
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        return rows.map((row) => row.activity);
      },
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
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
  /** A SQLite file, or a PostgreSQL database (its URL becomes `DATABASE_URL`). */
  db: BenchDatabase | PostgresBenchDatabase;
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

/** The heap limit that `npm start` gives the server for this environment (scripts/heap-limit.mjs). */
function heapLimitOf(env: NodeJS.ProcessEnv): string {
  const printed = spawnSync(process.execPath, [join(ROOT, 'scripts/heap-limit.mjs')], {
    env,
    encoding: 'utf8',
  });
  return `--max-old-space-size=${printed.stdout.trim()}`;
}

/**
 * Starts `server/dist/main.js` on the database, with the heap limit of `npm start`, and waits until
 * `GET /api/health` answers 200.
 */
export async function startFootfall(options: StartOptions): Promise<FootfallProcess> {
  const port = options.port ?? (await freePort());
  const logFile = options.logFile ?? join(options.db.dir, 'server.log');
  const fd = openSync(logFile, 'a');
  const heapLimit = heapLimitOf({ ...process.env, ...options.env });
  const child = spawn(process.execPath, [heapLimit, ...(options.nodeArgs ?? []), SERVER_MAIN], {
    cwd: options.db.dir,
    stdio: ['ignore', fd, fd],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: 'url' in options.db ? options.db.url : `file:${options.db.dbPath}`,
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

/** Starts the bare Fastify route of [bare-server.mjs](bare-server.mjs), the baseline of the ingestion benchmarks. */
export async function startBare(): Promise<{ url: string; child: ChildProcess; stop(): Promise<unknown> }> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'tests/bench/bare-server.mjs')], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, child, exited);
  return {
    url,
    child,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
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

/** Runs a benchmark's `main` and exits with its status; a failure prints its stack under the bench's name. */
export function runBench(name: string, main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`[${name}] ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
      process.exit(1);
    },
  );
}
