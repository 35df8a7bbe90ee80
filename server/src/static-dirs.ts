import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { StaticDirs } from './plugins/static';

/**
 * Where the built dashboard and tracker live, found through their packages rather than paths relative to
 * this file, which moves when the server is bundled.
 */
export function resolveStaticDirs(): StaticDirs {
  const require = createRequire(import.meta.url);
  const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));
  return {
    dashboard: join(packageDir('@footfall/dashboard'), 'dist'),
    bundles: join(packageDir('@footfall/tracker'), 'dist'),
  };
}
