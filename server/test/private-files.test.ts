import { chmod, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, migrate } from '@footfall/db';
import { afterEach, describe, expect, it } from 'vitest';
import { securePrivateFiles } from '../src/bootstrap/private-files';

// The data directory and what it holds are readable by their owner only (docs/api.md "Limits that hold
// under attack"): created so, and put right at start when an earlier version left them 0755 and 0644.

const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
let made: string | undefined;
let umask: number | undefined;

afterEach(async () => {
  if (umask !== undefined) process.umask(umask);
  if (made) await rm(made, { recursive: true, force: true });
});

describe('private files', () => {
  it('creates the data directory 0700, and the database, its WAL and new files 0600', async () => {
    made = await mkdtemp(join(tmpdir(), 'footfall-private-'));
    umask = process.umask(0o022);
    const dataDir = join(made, 'data');
    await securePrivateFiles(dataDir);
    expect(await modeOf(dataDir)).toBe(0o700);
    const db = await createDb(`file:${join(dataDir, 'footfall.db')}`);
    await migrate(db);
    await writeFile(join(dataDir, 'jwt-secret'), 'x');
    for (const file of ['footfall.db', 'footfall.db-wal', 'footfall.db-shm', 'jwt-secret']) {
      expect(await modeOf(join(dataDir, file)), file).toBe(0o600);
    }
    await db.close();
  });

  it('makes an existing install private at start: directory, database, WAL, secret and outbox', async () => {
    made = await mkdtemp(join(tmpdir(), 'footfall-private-'));
    umask = process.umask(0o022);
    const dataDir = join(made, 'data');
    await mkdir(join(dataDir, 'outbox'), { recursive: true, mode: 0o755 });
    await chmod(dataDir, 0o755);
    const before = await createDb(`file:${join(dataDir, 'footfall.db')}`);
    await before.ping();
    await before.close();
    await writeFile(join(dataDir, 'jwt-secret'), 'x', { mode: 0o644 });
    await writeFile(join(dataDir, 'outbox', 'reset.eml'), 'link', { mode: 0o644 });
    for (const file of ['footfall.db', 'footfall.db-wal']) {
      await writeFile(join(dataDir, file), '', { flag: 'a' });
      await chmod(join(dataDir, file), 0o644);
    }

    await securePrivateFiles(dataDir);
    const after = await createDb(`file:${join(dataDir, 'footfall.db')}`);
    await after.ping();
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(join(dataDir, 'outbox'))).toBe(0o700);
    for (const file of ['footfall.db', 'footfall.db-wal', 'jwt-secret', 'outbox/reset.eml']) {
      expect(await modeOf(join(dataDir, file)), file).toBe(0o600);
    }
    await after.close();
  });
});
