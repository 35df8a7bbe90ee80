import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * A name that sorts by creation time (ISO 8601 basic format, UTC, milliseconds) with a random suffix, so two
 * mails written in the same millisecond do not collide: `20261121T093000123Z-ab12cd.eml`.
 */
export function outboxFileName(
  now: Date = new Date(),
  suffix: string = randomBytes(3).toString('hex'),
): string {
  return `${now.toISOString().replace(/[-:.]/g, '')}-${suffix}.eml`;
}

/** Writes a rendered message into the outbox folder (created if missing) and returns the file's path. */
export async function writeOutboxFile(outboxDir: string, source: Buffer): Promise<string> {
  // The files hold live verification and reset links, so only the server's own user may read them.
  await mkdir(outboxDir, { recursive: true, mode: 0o700 });
  const file = join(outboxDir, outboxFileName());
  await writeFile(file, source, { flag: 'wx', mode: 0o600 });
  return file;
}
