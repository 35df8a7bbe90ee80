import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// Paths are resolved from this file, so drizzle-kit works from db/ (`npm run generate -w @footfall/db`)
// and from the repository root alike. `out` must stay relative: drizzle-kit prefixes it with './'.
const fromHere = (path: string) => relative(process.cwd(), fileURLToPath(new URL(path, import.meta.url)));

export default defineConfig({
  dialect: 'postgresql',
  schema: fromHere('./src/schema/postgres.ts'),
  out: fromHere('./migrations/postgres'),
  strict: true,
});
