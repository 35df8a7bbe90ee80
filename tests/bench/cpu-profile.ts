// `npx tsx tests/bench/cpu-profile.ts FILE.cpuprofile [--top N] [--from S] [--to S]`: what a V8 CPU profile
// (as written by `npm run bench:ingest -- --cpu-prof DIR`) spent its time on, by self time — per function
// and per module, over the whole profile or the seconds from `--from` to `--to` after its start (the
// timeline it prints first shows which seconds were under load: start-up and the bare server's turns are idle).
// A function of the server bundle is named by its source file through the bundle's source map, so the
// modules read `server/src/ingest/parse.ts` rather than `server/dist/main.js`; npm packages are grouped by
// package, Node's own code as `node:…`, and V8's pseudo-nodes ((garbage collector), (idle)…) stand alone.
import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ROOT } from './footfall-server';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  options: {
    top: { type: 'string', default: '25' },
    from: { type: 'string', default: '0' },
    to: { type: 'string', default: 'Infinity' },
  },
});
const file = positionals[0];
if (!file) {
  process.stderr.write('usage: tsx tests/bench/cpu-profile.ts FILE.cpuprofile [--top N]\n');
  process.exit(2);
}
const top = Number(args.top);
const fromMicros = Number(args.from) * 1e6;
const toMicros = Number(args.to) * 1e6;
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

// Self time per node: each sample's time delta belongs to the node that was on top of the stack. The
// timeline counts, per second, the time spent on anything but (idle).
const idle = new Set(
  profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id),
);
const busyPerSecond: number[] = [];
const selfMicros = new Map<number, number>();
let clock = 0;
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index] ?? 0;
  clock += delta;
  const second = Math.floor(clock / 1e6);
  busyPerSecond[second] = (busyPerSecond[second] ?? 0) + (idle.has(id) ? 0 : delta);
  if (clock < fromMicros || clock >= toMicros) return;
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + delta);
});
process.stdout.write(
  `busy ms in each second: ${Array.from(busyPerSecond, (micros) => Math.round((micros ?? 0) / 1000)).join(' ')}\n`,
);

const sourceMaps = new Map<string, SourceMap | null>();
function sourceMapOf(path: string): SourceMap | null {
  let map = sourceMaps.get(path);
  if (map === undefined) {
    map = existsSync(`${path}.map`) ? new SourceMap(JSON.parse(readFileSync(`${path}.map`, 'utf8'))) : null;
    sourceMaps.set(path, map);
  }
  return map;
}

/** The module a frame belongs to, and where in it (the original source when a source map knows it). */
function locate(frame: CallFrame): { module: string; where: string } {
  const { url, lineNumber, columnNumber } = frame;
  if (url === '') return { module: frame.functionName || '(anonymous)', where: '' };
  if (url.startsWith('node:')) return { module: url, where: `${url}:${lineNumber + 1}` };
  const path = url.startsWith('file:') ? fileURLToPath(url) : url;
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
  if (packageMatch) {
    return {
      module: packageMatch[1] ?? path,
      where: `${packageMatch[1]}/${packageMatch[2]}:${lineNumber + 1}`,
    };
  }
  const entry = sourceMapOf(path)?.findEntry(lineNumber, columnNumber);
  if (entry && 'originalSource' in entry && entry.originalSource) {
    // Sources are named relative to the bundle's folder (`../src/ingest/parse.ts`).
    const source = entry.originalSource.startsWith('file:')
      ? fileURLToPath(entry.originalSource)
      : resolve(dirname(path), entry.originalSource);
    const name = relative(ROOT, source);
    const module = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(name)?.[1] ?? name;
    return { module, where: `${module}:${entry.originalLine + 1}` };
  }
  return { module: relative(ROOT, path), where: `${relative(ROOT, path)}:${lineNumber + 1}` };
}

const byFunction = new Map<string, number>();
const byModule = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const micros = selfMicros.get(node.id) ?? 0;
  if (micros === 0) continue;
  total += micros;
  const { module, where } = locate(node.callFrame);
  const name = `${node.callFrame.functionName || '(anonymous)'}${where ? ` ${where}` : ''}`;
  byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  byModule.set(module, (byModule.get(module) ?? 0) + micros);
}

function print(title: string, totals: Map<string, number>): void {
  process.stdout.write(`\n${title}\n`);
  const rows = [...totals].sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [name, micros] of rows) {
    const ms = (micros / 1000).toFixed(0).padStart(7);
    const share = ((100 * micros) / total).toFixed(1).padStart(5);
    process.stdout.write(`${ms} ms ${share} %  ${name}\n`);
  }
}

const busy = total - (byModule.get('(idle)') ?? 0);
process.stdout.write(`${file}: ${(total / 1e6).toFixed(2)} s sampled, ${(busy / 1e6).toFixed(2)} s busy\n`);
print('Self time by function', byFunction);
print('Self time by module', byModule);
