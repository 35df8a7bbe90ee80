#!/usr/bin/env node
// Builds what ships: the tracker bundles (rollup), the dashboard (vite) and the server bundle (esbuild).
// With --if-stale, a target is rebuilt only when one of its inputs is newer than its output, so `npm start` is
// quick after the first run. Target names as arguments build only those (`node scripts/build.mjs tracker`).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const ifStale = process.argv.includes('--if-stale');
const only = process.argv.slice(2).filter((argument) => !argument.startsWith('--'));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function isStale(output, inputs) {
  const out = join(root, output);
  if (!existsSync(out)) return true;
  const built = statSync(out).mtimeMs;
  return inputs.some((input) => newestMtime(join(root, input)) > built);
}

// Workspace packages export TypeScript source, so they are bundled in; every npm dependency stays external
// and is loaded from node_modules at run time — from server/dist's point of view. A workspace that depends on a
// version other than the hoisted one gets its own nested copy (db/node_modules/x), which the bundle would not
// see, so the build refuses it rather than ship a server that loads the wrong version.
function installedVersion(name, fromDirectory) {
  for (let directory = fromDirectory; ; directory = dirname(directory)) {
    const manifest = join(directory, 'node_modules', name, 'package.json');
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, 'utf8')).version;
    if (dirname(directory) === directory) return undefined;
  }
}

// The version server/dist loads, by package name: read once per build.
const loadedVersions = new Map();
function loadedVersion(name) {
  if (!loadedVersions.has(name)) loadedVersions.set(name, installedVersion(name, join(root, 'server/dist')));
  return loadedVersions.get(name);
}

function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const externalDependencies = {
  name: 'external-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@footfall/')) return undefined;
      const name = packageName(args.path);
      if (!name.startsWith('node:') && args.resolveDir) {
        const wanted = installedVersion(name, args.resolveDir);
        const loaded = loadedVersion(name);
        if (wanted !== undefined && wanted !== loaded) {
          const found = loaded === undefined ? 'missing' : `version ${loaded}`;
          const text = `${name} ${wanted} is imported, but server/dist would load ${found}: add it to server/package.json's dependencies`;
          return { errors: [{ text }] };
        }
      }
      return { path: args.path, external: true };
    });
  },
};

const targets = [
  {
    name: 'tracker',
    output: 'tracker/dist/widget.js',
    inputs: [
      'tracker/src',
      'tracker/widget',
      'tracker/rollup.config.mjs',
      'tracker/tsconfig.build.json',
      'tracker/package.json',
      'contract/src',
    ],
    async run() {
      const { buildTracker } = await import('../tracker/build.mjs');
      for (const line of await buildTracker()) process.stdout.write(`${line}\n`);
    },
  },
  {
    name: 'dashboard',
    output: 'dashboard/dist/index.html',
    inputs: [
      'dashboard/src',
      'dashboard/index.html',
      'dashboard/vite.config.ts',
      'dashboard/public',
      'contract/src',
    ],
    async run() {
      const result = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
        cwd: join(root, 'dashboard'),
        stdio: 'inherit',
      });
      if (result.status !== 0) throw new Error('vite build failed');
      const { reportDashboardChunks } = await import('./dashboard-chunks.mjs');
      reportDashboardChunks(join(root, 'dashboard/dist'));
    },
  },
  {
    name: 'server',
    output: 'server/dist/main.js',
    inputs: ['server/src', 'server/package.json', 'contract/src', 'db/src'],
    async run() {
      await build({
        // The process, and the analytics worker threads it starts beside it (server/src/workers/).
        entryPoints: {
          main: join(root, 'server/src/main.ts'),
          'analytics-worker': join(root, 'server/src/workers/analytics-worker.ts'),
        },
        outdir: join(root, 'server/dist'),
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        sourcemap: true,
        logLevel: 'warning',
        plugins: [externalDependencies],
      });
    },
  },
];

for (const target of targets) {
  if (only.length > 0 && !only.includes(target.name)) continue;
  if (ifStale && !isStale(target.output, target.inputs)) continue;
  const started = performance.now();
  process.stdout.write(`Building ${target.name}…\n`);
  try {
    await target.run();
  } catch (error) {
    process.stderr.write(`Build of ${target.name} failed: ${error.message}\n`);
    process.exit(1);
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  process.stdout.write(
    `Built ${target.name} → ${relative(root, join(root, target.output))} in ${seconds} s\n`,
  );
}
