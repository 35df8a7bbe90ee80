import { performance } from 'node:perf_hooks';
import type { App } from '../../src/types';

/**
 * Asks the app for `GET /api/health` every 20 ms while `work` runs, and answers the slowest answer's time:
 * the longest the request thread was held meanwhile (docs/api.md "Limits that hold under attack"); and
 * `busy`, the share of the time the request thread was running rather than waiting (its event loop's
 * utilization). Work done elsewhere, on a worker, leaves it low however the work is cut into pieces;
 * work done on the thread, even in slices short enough for the health check, makes it near 1.
 */
export async function slowestHealthDuring<T>(
  app: App,
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number; busy: number }> {
  const utilization = performance.eventLoopUtilization();
  let running = true;
  let slowestMs = 0;
  const probing = (async () => {
    while (running) {
      const started = performance.now();
      const answer = await app.inject({ url: '/api/health' });
      if (answer.statusCode !== 200) throw new Error(`health answered ${answer.statusCode}`);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  let result: T;
  try {
    result = await work();
  } finally {
    running = false;
    await probing;
  }
  return { result, slowestMs, busy: performance.eventLoopUtilization(utilization).utilization };
}
