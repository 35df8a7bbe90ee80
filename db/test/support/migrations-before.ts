import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Dialect } from '../../src/create-db';
import { migrationsFolder } from '../../src/migrate';

/**
 * A copy of the migrations of `dialect` in a new temporary folder, its journal stopping before `tag`: a
 * database migrated with it is as it was before that migration, to receive rows in their old shape. The
 * caller removes the folder.
 */
export function migrationsBefore(dialect: Dialect, tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'footfall-migrations-'));
  cpSync(migrationsFolder(dialect), dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  if (index <= 0) throw new Error(`no migration ${tag} after the first`);
  journal.entries = journal.entries.slice(0, index);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}
