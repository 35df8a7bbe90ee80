// Builds `dist/t.js`, `dist/t-clicks.js` and `dist/widget.js` with rollup and prints each bundle's size
// against its budget. Used by `scripts/build.mjs` (the `tracker` target); the size test builds in memory
// instead.
import { gzipSync } from 'node:zlib';
import { rollup } from 'rollup';
import { budgets } from './budgets.mjs';
import { createConfigs } from './rollup.config.mjs';

const format = (bytes) => bytes.toLocaleString('en');

/** Builds every bundle; returns one line per bundle with its raw and gzip -9 sizes. */
export async function buildTracker() {
  const lines = [];
  for (const config of createConfigs()) {
    const bundle = await rollup({
      ...config,
      onwarn(warning) {
        throw new Error(`rollup: ${warning.message}`);
      },
    });
    const [{ code }] = (await bundle.write(config.output)).output;
    await bundle.close();
    const name = config.output.file.split('/').pop();
    const gzip = gzipSync(code, { level: 9 }).length;
    const budget = budgets[name];
    const verdict = gzip <= budget ? 'within' : 'OVER';
    lines.push(
      `  ${name}: ${format(code.length)} B, ${format(gzip)} B gzip -9 (${verdict} its ${format(budget)} B budget)`,
    );
  }
  return lines;
}
