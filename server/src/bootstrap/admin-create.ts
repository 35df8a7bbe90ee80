import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline/promises';
import { createDb, createRepositories, migrate } from '@footfall/db';
import { ConfigError, loadConfig } from '../config';
import { ensureAdmin } from './admin';

/**
 * `npm run admin:create -- --email you@example.com [--name "Your Name"]`: creates an admin account on the
 * configured database (the address defaults to FOOTFALL_ADMIN_EMAIL). The password is read from FOOTFALL_ADMIN_PASSWORD or asked for, never taken from the
 * command line, where it would land in the shell history.
 */
function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

async function ask(question: string): Promise<string> {
  const prompt = createInterface({ input: stdin, output: stdout, terminal: stdin.isTTY });
  try {
    return (await prompt.question(question)).trim();
  } finally {
    prompt.close();
  }
}

async function main(): Promise<void> {
  // The admin variables are this command's input, checked below, not the server's start-up pair.
  const { FOOTFALL_ADMIN_EMAIL, FOOTFALL_ADMIN_PASSWORD, ...serverEnv } = process.env;
  const config = loadConfig(serverEnv);
  const email = (option('email') ?? FOOTFALL_ADMIN_EMAIL ?? (await ask('Admin e-mail: '))).toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new ConfigError(`"${email}" is not an e-mail address.`);
  const password = FOOTFALL_ADMIN_PASSWORD || (await ask('Password (at least 8 characters): '));
  if (password.length < 8) throw new ConfigError('The password must be at least 8 characters.');
  const db = await createDb(config.databaseUrl);
  try {
    await migrate(db);
    const outcome = await ensureAdmin(createRepositories(db), { email, password, name: option('name') });
    stdout.write(
      outcome === 'created'
        ? `Admin ${email} created.\n`
        : `An admin with ${email} already exists; nothing changed.\n`,
    );
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
