import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { createDb, type Db, migrate } from '@footfall/db';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/passwords';
import type { App } from '../src/types';
import { newIp, testConfig } from './support/app';
import { createRecordingMailer } from './support/mailer';
import { CHROME_UA, INGEST_URL } from './support/tracking';

// A full disk answers 503 with Retry-After on every route, never 500, and loses nothing acknowledged
// (docs/api.md "Limits that hold under attack"). The database lives on a small tmpfs of its own, which only
// root may mount: elsewhere the test is skipped (and says so). On SQLite the file sits there; on PostgreSQL
// (TEST_DATABASE_URL, a server on this machine) a database is made in a tablespace there.

const PASSWORD = 'full disk password';
const adminUrl = process.env.TEST_DATABASE_URL;

function mountSmallTmpfs(): string | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (adminUrl && !/@(127\.0\.0\.1|localhost)[:/]/.test(adminUrl)) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'footfall-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', dir], { stdio: 'ignore' });
    if (adminUrl) execFileSync('chown', ['postgres:postgres', dir], { stdio: 'ignore' });
    return dir;
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
}

const mounted = mountSmallTmpfs();
if (!mounted) console.info('full-disk.test.ts: skipped, a tmpfs needs root (and a local PostgreSQL)');

/** A database stored on the tmpfs at `dir`: its URL, and how to remove it. */
async function databaseOn(dir: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (!adminUrl) return { url: `file:${join(dir, 'footfall.db')}`, drop: async () => {} };
  const name = `footfall_full_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create tablespace ${name} location '${dir}'`);
  await admin.query(`create database ${name} tablespace ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`drop tablespace if exists ${name}`);
      await client.end();
    },
  };
}

/**
 * Unmounts the tmpfs. A PostgreSQL process may still hold the dropped tablespace's directory for a moment
 * ("target is busy"), so it is tried again for a few seconds, then detached lazily (freed once let go).
 */
async function unmount(dir: string): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  execFileSync('umount', ['-l', dir], { stdio: 'ignore' });
}

/** Fills the tmpfs to its last byte. */
function fill(dir: string): void {
  const chunk = Buffer.alloc(64 * 1024, 1);
  for (let i = 0; ; i++) {
    try {
      writeFileSync(join(dir, `filler-${i}`), chunk);
    } catch {
      for (let size = 32 * 1024; size >= 1; size = Math.floor(size / 2)) {
        try {
          writeFileSync(join(dir, `filler-${i}-${size}`), chunk.subarray(0, size));
        } catch {}
      }
      return;
    }
  }
}

describe.skipIf(!mounted)('a full disk', () => {
  const dir = mounted as string;
  let db: Db;
  let app: App;
  let database: Awaited<ReturnType<typeof databaseOn>>;
  let trackingKey: string;
  let auth: Record<string, string>;

  beforeAll(async () => {
    database = await databaseOn(dir);
    const { url } = database;
    db = await createDb(url);
    await migrate(db);
    // The failed commits are logged as errors, as they should be; the test keeps them out of its output.
    const logStream = new Writable({ write: (_chunk, _encoding, done) => done() });
    app = await buildApp({
      config: testConfig(url),
      db,
      mailer: createRecordingMailer(),
      schedulerTickMs: 0,
      logStream,
    });
    await app.ready();
    const { company } = await app.repos.users.register({
      user: {
        name: 'Full',
        email: 'full@example.com',
        passwordHash: await hashPassword(PASSWORD),
        emailVerifiedAt: new Date(),
      },
      company: { name: 'Full', website: null, timezone: 'UTC', trackingKey: 'fullkey0000000001' },
    });
    trackingKey = company.trackingKey;
    const signIn = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'full@example.com', password: PASSWORD },
    });
    auth = { authorization: `Bearer ${signIn.json().data.token}` };
    fill(dir);
  });

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await database?.drop();
    await unmount(dir);
    await rm(dir, { recursive: true, force: true });
  });

  let refused = 0;

  /**
   * 503 with `Retry-After`. SQLite appends every write to its log, so each one fails; PostgreSQL writes a
   * row into free room of a page it already has, so there a write may still succeed (`otherwise`).
   */
  function expectFull(response: LightMyRequestResponse, what: string, otherwise: number) {
    if (adminUrl && response.statusCode === otherwise) return;
    expect(response.statusCode, `${what}: ${response.body}`).toBe(503);
    expect(Number(response.headers['retry-after']), what).toBeGreaterThan(0);
    expect(response.json().message).toMatch(/out of storage space/);
    refused += 1;
  }

  it('answers 503 with Retry-After to writes of every kind, and keeps serving reads', async () => {
    const inject = (options: InjectOptions) => app.inject(options);
    // Enough writes that SQLite's write-ahead log must grow past the space left.
    const big = 'x'.repeat(400);
    expectFull(
      await inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: newIp(),
        payload: {
          name: big.slice(0, 120),
          email: 'someone.new@example.com',
          password: 'a long enough password',
          password_confirmation: 'a long enough password',
          company_name: 'New',
        },
      }),
      'registration',
      201,
    );
    expectFull(
      await inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: newIp(),
        payload: { email: 'full@example.com', password: 'wrong' },
      }),
      'a login',
      422,
    );
    expectFull(
      await inject({
        method: 'POST',
        url: '/api/password/email',
        remoteAddress: newIp(),
        payload: { email: 'full@example.com' },
      }),
      'a reset request',
      200,
    );
    const companyId = (await inject({ url: '/api/companies', headers: auth })).json().data[0].id;
    expectFull(
      await inject({
        method: 'POST',
        url: `/api/companies/${companyId}/goals`,
        headers: auth,
        payload: { name: big.slice(0, 100), page_path: `/${big}` },
      }),
      'a goal',
      201,
    );
    expectFull(
      await inject({
        method: 'POST',
        url: INGEST_URL,
        headers: { 'content-type': 'text/plain', 'user-agent': CHROME_UA },
        payload: JSON.stringify(
          Array.from({ length: 100 }, (_, i) => ({
            company: trackingKey,
            type: 'pageview',
            url: `https://full.example/${big}/${i}`,
          })),
        ),
      }),
      'ingestion',
      202,
    );
    expect(refused).toBeGreaterThanOrEqual(adminUrl ? 1 : 5);
    expect((await inject({ url: '/api/companies', headers: auth })).statusCode).toBe(200);
    expect((await inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
