import { chmod, mkdir, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';

// The data directory holds the SQLite database (password hashes, shared-link tokens, session ids), the
// generated signing secret and the mail outbox (reset links): no other local user may read any of it
// (docs/api.md "Limits that hold under attack"). New files are private by the process's umask; a directory
// made by an earlier version, with the usual 0755 and 0644, is put right at every start.

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** Creates the data directory private, and makes what it already holds private, its outbox included. */
export async function securePrivateFiles(dataDir: string): Promise<void> {
  // Files the process creates from here on (the WAL, the secret, mails) are its owner's alone.
  process.umask(0o077);
  await mkdir(dataDir, { recursive: true, mode: PRIVATE_DIR });
  await securePath(dataDir);
}

async function securePath(path: string): Promise<void> {
  const found = await stat(path).catch(() => undefined);
  if (!found) return;
  if (found.isDirectory()) {
    if ((found.mode & 0o777) !== PRIVATE_DIR) await chmod(path, PRIVATE_DIR);
    for (const name of await readdir(path)) await securePath(join(path, name));
  } else if (found.isFile() && (found.mode & 0o777 & ~PRIVATE_FILE) !== 0) {
    await chmod(path, found.mode & PRIVATE_FILE);
  }
}
