import { setImmediate } from 'node:timers/promises';

/** How long work that runs on the request thread may hold it before it lets other requests in. */
export const SLICE_MS = 20;

/**
 * Work on the request thread in slices (docs/api.md "Limits that hold under attack"): `pause()` resolves at
 * once while the current slice is shorter than `sliceMs`, and otherwise after the event loop has served
 * what waits (timers, sockets, other requests). Needed where a loop awaits only promises that are already
 * settled (a SQLite statement, a buffered stream), which never let the event loop turn by themselves.
 */
export function timeSlices(sliceMs = SLICE_MS): { pause(): Promise<void> | undefined } {
  let started = performance.now();
  return {
    pause() {
      if (performance.now() - started < sliceMs) return undefined;
      return setImmediate().then(() => {
        started = performance.now();
      });
    },
  };
}
