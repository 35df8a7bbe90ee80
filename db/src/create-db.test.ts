import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDb, type Db } from './create-db';

const pgUrl = process.env.TEST_DATABASE_URL;

describe('createDb', () => {
  let dir = '';
  const opened: Db[] = [];
  const open = async (url: string) => {
    const db = await createDb(url);
    opened.push(db);
    return db;
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'footfall-create-db-'));
  });
  afterEach(async () => {
    for (const db of opened.splice(0)) await db.close();
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['file:', (path: string) => `file:${path}`],
    ['file://', (path: string) => pathToFileURL(path).href],
    ['sqlite:', (path: string) => `sqlite:${path}`],
    ['a plain path', (path: string) => path],
  ])('opens SQLite for %s URLs and creates the missing parent folders', async (_label, toUrl) => {
    const path = join(dir, 'nested', 'deeper', 'footfall.db');
    const db = await open(toUrl(path));
    expect(db.dialect).toBe('sqlite');
    await db.ping();
    expect(existsSync(path)).toBe(true);
  });

  it('sets WAL journaling, NORMAL sync, foreign keys and a busy timeout on SQLite', async () => {
    const db = await open(join(dir, 'footfall.db'));
    const pragma = (name: string) => db.orm.all<Record<string, unknown>>(sql.raw(`pragma ${name}`))[0];
    expect(pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(pragma('synchronous')).toEqual({ synchronous: 1 });
    expect(pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(pragma('busy_timeout')).toEqual({ timeout: 5000 });
  });

  it.each(['mysql://root@localhost/footfall', 'https://example.com/db', ''])(
    'refuses the unsupported URL "%s"',
    async (url) => {
      await expect(createDb(url)).rejects.toThrow(/not supported/);
    },
  );

  it('hides the password of an unsupported URL in its error', async () => {
    const error = await createDb('mysql://root:secret@localhost/footfall').catch((caught: unknown) => caught);
    expect(String(error)).toContain('not supported');
    expect(String(error)).not.toContain('secret');
  });

  it('refuses a read replica beside SQLite, and one that is not PostgreSQL', async () => {
    await expect(createDb(join(dir, 'footfall.db'), { readUrl: 'postgres://u@replica/f' })).rejects.toThrow(
      /read replica needs PostgreSQL/,
    );
    await expect(
      createDb('postgres://u@db/f', { readUrl: 'mysql://root:secret@replica/f' }).catch((error) => {
        expect(String(error)).not.toContain('secret');
        throw error;
      }),
    ).rejects.toThrow(/Read replica URL not supported/);
  });

  it('reads through the primary itself, never behind, without a read replica', async () => {
    const db = await open(join(dir, 'footfall.db'));
    expect(db.hasReadReplica).toBe(false);
    expect(db.reads).toBe(db.orm);
    expect(await db.readLagMs()).toBe(0);
  });

  it('can be closed twice', async () => {
    const db = await open(join(dir, 'footfall.db'));
    await db.close();
    await expect(db.close()).resolves.toBeUndefined();
  });

  it('makes ping reject when PostgreSQL is unreachable', async () => {
    const db = await open('postgres://postgres@127.0.0.1:1/footfall');
    expect(db.dialect).toBe('postgres');
    await expect(db.ping()).rejects.toThrow();
  });

  it.runIf(pgUrl)('opens PostgreSQL for postgres:// and postgresql:// URLs', async () => {
    const url = pgUrl ?? '';
    for (const variant of [url, url.replace(/^postgres(ql)?:/, 'postgresql:')]) {
      const db = await open(variant);
      expect(db.dialect).toBe('postgres');
      await db.ping();
    }
  });
});
