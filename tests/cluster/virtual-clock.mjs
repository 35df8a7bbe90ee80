// Loaded into each server process of the cluster test with `node --import`: the process's wall clock
// (`Date.now()`, `new Date()`, `Date()`) reads the time written in the file named by
// `FOOTFALL_VIRTUAL_CLOCK_FILE` (epoch milliseconds) instead of the machine's. Every server of a test reads
// the same file, so they agree on the time, and the test moves it: visits of several days and pauses longer
// than 30 minutes replay in seconds, and every timestamp is the same in every run, so two runs can be
// compared figure for figure. The clock stands still between two writes. Timers and `performance.now()` keep
// real time. The server takes every time it stores from this clock, never from the database's.
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const file = process.env.FOOTFALL_VIRTUAL_CLOCK_FILE;
if (!file) throw new Error('virtual-clock.mjs needs FOOTFALL_VIRTUAL_CLOCK_FILE');

const RealDate = Date;
/** Re-read at most once a millisecond of real time: the test waits longer than that after a write. */
const REREAD_MS = 1;
let value = 0;
let readAt = Number.NEGATIVE_INFINITY;

function now() {
  const real = performance.now();
  if (real - readAt >= REREAD_MS) {
    const text = readFileSync(file, 'utf8').trim();
    const parsed = Number(text);
    if (!Number.isFinite(parsed)) throw new Error(`the virtual clock file holds ${JSON.stringify(text)}`);
    value = parsed;
    readAt = real;
  }
  return value;
}

globalThis.Date = new Proxy(RealDate, {
  construct(target, args, newTarget) {
    return args.length === 0
      ? Reflect.construct(target, [now()], newTarget)
      : Reflect.construct(target, args, newTarget);
  },
  apply() {
    return new RealDate(now()).toString();
  },
  get(target, property, receiver) {
    return property === 'now' ? now : Reflect.get(target, property, receiver);
  },
});
