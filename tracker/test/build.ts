import { gzipSync } from 'node:zlib';
import { inject } from 'vitest';

/** The bundles: `t.js` (the tracker), `t-clicks.js` (its click extension) and `widget.js`. */
export type Bundle = 't.js' | 't-clicks.js' | 'widget.js';

const builds = new Map<string, Promise<string>>();

/** The bundles the project's global set-up built, when running under it. */
function provided(key: string): string | undefined {
  try {
    return inject('bundles')?.[key];
  } catch {
    return undefined;
  }
}

/**
 * Builds a bundle in memory with the project's rollup config (readable or minified), once per test run
 * (the global set-up provides them) or else once per test file. Tests never depend on a previous
 * `npm run build`.
 */
export function buildBundle(bundle: Bundle, minify = true): Promise<string> {
  const key = `${bundle}:${minify}`;
  const ready = provided(key);
  if (ready) return Promise.resolve(ready);
  let build = builds.get(key);
  if (!build) {
    build = (async () => {
      // Loaded only when needed: rollup and its TypeScript plugin take seconds to import.
      const { rollup } = await import('rollup');
      const { createConfigs } = await import('../rollup.config.mjs');
      const configs = createConfigs({ minify });
      const outputOf = (config: (typeof configs)[number]) =>
        Array.isArray(config.output) ? config.output[0] : config.output;
      const config = configs.find((candidate) => outputOf(candidate)?.file?.endsWith(`/${bundle}`));
      if (!config) throw new Error(`no rollup config for ${bundle}`);
      const result = await rollup({
        ...config,
        onwarn: (warning) => {
          throw new Error(warning.message);
        },
      });
      const { output: chunks } = await result.generate(outputOf(config) ?? {});
      await result.close();
      return chunks[0].code;
    })();
    builds.set(key, build);
  }
  return build;
}

/** The size that counts: gzip at level 9, as the budget is defined. */
export const gzipSize = (code: string): number => gzipSync(code, { level: 9 }).length;
