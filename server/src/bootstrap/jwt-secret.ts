import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Repositories } from '@footfall/db';
import { randomToken } from '../auth/tokens';
import type { Config } from '../config';

/**
 * `JWT_SECRET` when set. Otherwise a secret generated on first start and kept, so tokens and links survive
 * restarts (docs/api.md "Conventions"): on SQLite in the data directory (mode 0600); on PostgreSQL in the
 * database, so that every server of one database signs and checks tokens with the same key (a secret already
 * in this server's data directory is the one it offers, so tokens signed before stay valid).
 */
export async function resolveJwtSecret(
  config: Config,
  repos: Pick<Repositories, 'instanceSecrets'>,
  shared: boolean,
): Promise<string> {
  if (config.jwtSecret) return config.jwtSecret;
  const file = join(config.dataDir, 'jwt-secret');
  const stored = await readStoredSecret(file);
  if (shared) return repos.instanceSecrets.getOrCreate('jwt', stored ?? randomToken(48), new Date());
  if (stored) return stored;
  const secret = randomToken(48);
  await mkdir(config.dataDir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

async function readStoredSecret(file: string): Promise<string | undefined> {
  try {
    const stored = (await readFile(file, 'utf8')).trim();
    return stored.length >= 32 ? stored : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return undefined;
  }
}
