// What the dashboard's build ships, from Vite's manifest: the initial chunks (the entry and everything it
// imports statically, which every first visit downloads) and the lazy ones (screens, charts, export
// libraries), with their gzip sizes. The build fails when the initial JavaScript passes its budget.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The budget for the JavaScript of a first visit. */
export const INITIAL_JS_BUDGET_BYTES = 150 * 1024;

function gzipSize(path) {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

/** Walks the manifest from the HTML entry: static imports are initial, the rest is lazy. */
export function dashboardChunks(distDir) {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8'));
  const initial = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (!chunk || initial.has(chunk.file)) return;
    initial.add(chunk.file);
    for (const css of chunk.css ?? []) initial.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  const files = new Set();
  for (const chunk of Object.values(manifest)) {
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  const describe = (file) => ({ file, gzip: gzipSize(join(distDir, file)) });
  return {
    initial: [...initial].map(describe),
    lazy: [...files].filter((file) => !initial.has(file)).map(describe),
  };
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Prints the chunk sizes; throws when the initial JavaScript is over budget. */
export function reportDashboardChunks(distDir, write = (line) => process.stdout.write(`${line}\n`)) {
  const { initial, lazy } = dashboardChunks(distDir);
  const initialJs = initial
    .filter((chunk) => chunk.file.endsWith('.js'))
    .reduce((sum, chunk) => sum + chunk.gzip, 0);
  write(`  initial JavaScript ${kb(initialJs)} gzip (budget ${kb(INITIAL_JS_BUDGET_BYTES)}):`);
  for (const chunk of initial) write(`    ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(9)}`);
  write('  lazy chunks, loaded when used:');
  for (const chunk of lazy.sort((a, b) => b.gzip - a.gzip))
    write(`    ${chunk.file.padEnd(44)} ${kb(chunk.gzip).padStart(9)}`);
  if (initialJs > INITIAL_JS_BUDGET_BYTES) {
    throw new Error(
      `the initial JavaScript is ${kb(initialJs)} gzip, over the ${kb(INITIAL_JS_BUDGET_BYTES)} budget`,
    );
  }
}
