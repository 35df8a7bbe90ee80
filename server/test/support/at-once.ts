import type { LightMyRequestResponse } from 'fastify';

/** Sends `count` requests together, as an attacker would, not one after another. */
export function atOnce(count: number, send: (index: number) => Promise<LightMyRequestResponse>) {
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}

/** How many answers had each status, e.g. `{422: 5, 429: 35}`. */
export function statuses(responses: LightMyRequestResponse[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
}
