import type { App } from '../../src/types';

/**
 * Asks the app for `GET /api/health` every 20 ms while `work` runs, and answers the slowest answer's time:
 * the longest the request thread was held meanwhile (docs/api.md "Limits that hold under attack").
 */
export async function slowestHealthDuring<T>(
  app: App,
  work: () => Promise<T>,
): Promise<{ result: T; slowestMs: number }> {
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
  return { result, slowestMs };
}
