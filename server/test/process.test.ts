import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRepositories } from '@footfall/db';
import { createTestDb, type TestDb } from '@footfall/db/testing';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function startServer(env: Record<string, string>): ChildProcessWithoutNullStreams {
  return spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', PORT: '0', ...env },
  });
}

/** Collects the output until `pattern` appears (or the process ends), and answers the text. */
function waitForOutput(
  child: ChildProcessWithoutNullStreams,
  pattern: RegExp,
  timeoutMs = 20_000,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`timed out waiting for ${pattern}: ${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        clearTimeout(timer);
        resolve(output);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', () => {
      clearTimeout(timer);
      resolve(output);
    });
  });
}

function exitOf(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.on('exit', (code) => resolve(code));
  });
}

describe('the server process', () => {
  let dataDir: string;
  let database: TestDb;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'footfall-process-'));
    database = await createTestDb();
  });
  afterAll(async () => {
    await database.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  });

  test('starts, seeds a demo workspace, prints its credentials once, serves, and stops cleanly on SIGTERM', async () => {
    const child = startServer({
      DATA_DIR: dataDir,
      DATABASE_URL: database.url,
      FOOTFALL_SEED_DEMO: 'true',
      FOOTFALL_ADMIN_EMAIL: 'Root@Example.com',
      FOOTFALL_ADMIN_PASSWORD: 'admin password',
    });
    const banner = await waitForOutput(child, /dashboard: \S+/);
    const url = /running at (http:\/\/\S+)/.exec(banner)?.[1];
    const email = /email:\s+(\S+)/.exec(banner)?.[1];
    const password = /password:\s+(\S+)/.exec(banner)?.[1];
    expect(url).toBeDefined();
    expect(password).toMatch(/^[\w-]{16}$/);

    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' });
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(await login.json()).toMatchObject({ success: true, data: { token_type: 'Bearer' } });
    // The generated signing secret is kept in the data directory on SQLite, and in the database on
    // PostgreSQL, where every server of the database must share it.
    if (database.db.dialect === 'sqlite') expect(await readdir(dataDir)).toContain('jwt-secret');
    else {
      expect(await readdir(dataDir)).not.toContain('jwt-secret');
      const secrets = await database.db.orm.select().from(database.db.schema.instanceSecrets);
      expect(secrets.map((row) => row.name)).toEqual(['jwt']);
    }
    // `npm run examples` finds the demo company's key here; its widget shows public stats.
    const key = (await readFile(join(dataDir, 'demo-tracking-key'), 'utf8')).trim();
    const stats = await fetch(`${url}/api/public/companies/${key}/stats`);
    expect(stats.status).toBe(200);
    // The public site opens with something to see: the demo company listed with its widget, and posts.
    const listings = (await (await fetch(`${url}/api/listings`)).json()) as { data: unknown[] };
    expect(listings.data).toEqual([expect.objectContaining({ name: 'Demo Company', tracking_key: key })]);
    const blogs = (await (await fetch(`${url}/api/blogs`)).json()) as { meta: { total: number } };
    expect(blogs.meta.total).toBe(3);
    const adminLogin = await fetch(`${url}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'root@example.com', password: 'admin password' }),
    });
    expect(await adminLogin.json()).toMatchObject({ success: true, data: { user: { role: 'admin' } } });

    child.kill('SIGTERM');
    expect(await exitOf(child)).toBe(0);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    // A second start on the same database seeds nothing and prints no password.
    const again = startServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, FOOTFALL_SEED_DEMO: 'true' });
    const secondBanner = await waitForOutput(again, /running at \S+/);
    expect(secondBanner).not.toContain('password');
    again.kill('SIGINT');
    expect(await exitOf(again)).toBe(0);
    // Two real starts, each compiling the server with tsx and the first importing the demo traffic: seconds
    // each on a quiet machine, several times that when every core is busy with other test files.
  }, 90_000);

  test('npm run admin:create creates an admin once, reading the password from the environment', async () => {
    const create = () =>
      spawn(
        process.execPath,
        ['--import', 'tsx', 'src/bootstrap/admin-create.ts', '--email', 'ops@example.com'],
        {
          cwd: serverDir,
          env: {
            PATH: process.env.PATH ?? '',
            DATABASE_URL: database.url,
            FOOTFALL_ADMIN_PASSWORD: 'ops password',
          },
        },
      );
    const first = create();
    expect(await waitForOutput(first, /created/)).toContain('Admin ops@example.com created.');
    expect(await exitOf(first)).toBe(0);
    const second = create();
    expect(await waitForOutput(second, /exists/)).toContain('already exists');
    expect(await exitOf(second)).toBe(0);
    const admin = await createRepositories(database.db).admins.findByEmail('ops@example.com');
    expect(admin?.passwordHash).toMatch(/^scrypt\$/);
  });

  test('a bad environment variable stops the start with one line naming it', async () => {
    const child = startServer({ DATA_DIR: dataDir, PORT: 'eighty' });
    const output = await waitForOutput(child, /\n/);
    expect(await exitOf(child)).toBe(1);
    expect(output.trim().split('\n')).toEqual([
      'Invalid PORT="eighty": expected an integer from 0 to 65535.',
    ]);
  });
});
