// The pieces of a Footfall cluster on one machine: a fresh PostgreSQL database, built servers started on
// it (each on the shared virtual clock when one is given), and a round-robin proxy in front of them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { type FootfallProcess, freePort, startFootfall } from '../bench/footfall-server';

export const ADMIN_EMAIL = 'root@footfall.example';
export const ADMIN_PASSWORD = 'cluster admin password';

const CLOCK_MODULE = fileURLToPath(new URL('./virtual-clock.mjs', import.meta.url));

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface PostgresDatabase {
  name: string;
  url: string;
  /** Runs one statement on the database. */
  query<Row extends Record<string, unknown>>(sql: string, values?: unknown[]): Promise<Row[]>;
  drop(): Promise<void>;
}

/** A new, empty database `<prefix>_<random>` on the server of `adminUrl`; the servers migrate it. */
export async function createPostgresDatabase(adminUrl: string, prefix: string): Promise<PostgresDatabase> {
  // Random hex: safe to interpolate as an identifier.
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  await withClient(adminUrl, async (client) => {
    await client.query(`create database "${name}"`);
    // Commits need not wait for the disk: the test never crashes PostgreSQL, and it halves the run's time.
    await client.query(`alter database "${name}" set synchronous_commit = off`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    query: (sql, values) =>
      withClient(url.toString(), async (client) => (await client.query(sql, values)).rows),
    drop: async () => {
      await withClient(adminUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));
    },
  };
}

/** The time every server of a run reads (see virtual-clock.mjs); `set` waits until all of them see it. */
export class VirtualClock {
  readonly file: string;
  private current: number;

  constructor(
    readonly dir: string,
    start: number,
  ) {
    this.file = join(dir, 'clock');
    this.current = start;
    this.write(start);
  }

  get now(): number {
    return this.current;
  }

  async set(time: number): Promise<void> {
    if (time === this.current) return;
    this.current = time;
    this.write(time);
    // The servers re-read the file at most once a millisecond of real time.
    await new Promise((resolve) => setTimeout(resolve, 4));
  }

  private write(time: number): void {
    // Written aside and renamed into place, so a server never reads half a number.
    const aside = `${this.file}.${process.pid}`;
    writeFileSync(aside, String(time));
    renameSync(aside, this.file);
  }
}

export interface ClusterServerOptions {
  database: PostgresDatabase;
  /** A folder of its own for the server's data and log. */
  dir: string;
  clock?: VirtualClock;
  port?: number;
  env?: Record<string, string>;
}

/** The shared settings of every server of a cluster; each gets its own data folder. */
export async function startClusterServer(options: ClusterServerOptions): Promise<FootfallProcess> {
  const port = options.port ?? (await freePort());
  return startFootfall({
    db: { dir: options.dir, dbPath: '', companies: [], remove: () => {} },
    port,
    logFile: join(options.dir, `server-${port}.log`),
    // Three servers starting at once on a busy two-core machine (migrations, the admin's password hash) may
    // take longer than one alone.
    startTimeoutMs: 90_000,
    nodeArgs: options.clock ? ['--import', CLOCK_MODULE] : [],
    env: {
      DATABASE_URL: options.database.url,
      // The proxy (and, with one server, the replaying client) stands on 127.0.0.1: trusting it makes the
      // visitor's address the one in X-Forwarded-For, which the proxy extends as real proxies do.
      TRUST_PROXY: '127.0.0.1',
      // One JWT secret for the whole cluster, as a deployment behind a balancer has: a token signed by one
      // server is read by the others.
      JWT_SECRET: 'cluster-proof-jwt-secret-0123456789abcdef',
      FOOTFALL_ADMIN_EMAIL: ADMIN_EMAIL,
      FOOTFALL_ADMIN_PASSWORD: ADMIN_PASSWORD,
      ...(options.clock && { FOOTFALL_VIRTUAL_CLOCK_FILE: options.clock.file }),
      ...options.env,
    },
  });
}

/** A temporary folder, removed by the returned function. */
export function temporaryDir(label: string): { dir: string; remove(): void } {
  const dir = mkdtempSync(join(tmpdir(), `footfall-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface RoundRobinProxy {
  url: string;
  /** Requests forwarded to each upstream, by its URL. */
  forwarded: Map<string, number>;
  close(): Promise<void>;
}

/**
 * A load balancer in the simplest form: each request goes to the next upstream in turn, with its method,
 * path, headers and body, and `X-Forwarded-For` extended by the client's address. An upstream that cannot
 * be reached (a killed server) answers 502, and the client tries again; the next try goes to the next one.
 */
export async function startRoundRobinProxy(upstreams: () => string[]): Promise<RoundRobinProxy> {
  let turn = 0;
  const forwarded = new Map<string, number>();
  const server: Server = createServer((incoming: IncomingMessage, outgoing) => {
    const list = upstreams();
    const target = new URL(list[turn++ % list.length] ?? '');
    forwarded.set(target.origin, (forwarded.get(target.origin) ?? 0) + 1);
    const client = incoming.socket.remoteAddress ?? '127.0.0.1';
    const prior = incoming.headers['x-forwarded-for'];
    const headers = {
      ...incoming.headers,
      host: target.host,
      'x-forwarded-for': prior ? `${prior}, ${client}` : client,
    };
    const upstream = httpRequest(
      { host: target.hostname, port: target.port, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end('upstream unreachable');
    });
    incoming.pipe(upstream);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}`,
    forwarded,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
