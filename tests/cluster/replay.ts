// Replays the generated stream against one URL (a server, or the proxy in front of several): tick by tick
// in time order, the virtual clock set to the tick's time first; within a tick each request is another
// visitor's, sent a few at a time. A request counts as acknowledged only when answered 202; anything else
// (a 502 from the proxy while a server is down, a 503, a refused connection) is tried again.
import { INGEST_PATH } from '../bench/footfall-server';
import type { VirtualClock } from './cluster';
import type { EventType, StreamRequest, Tick } from './stream';

const CONCURRENCY = 32;
const ATTEMPTS = 8;

export interface ReplayResult {
  /** Acknowledged requests by site, then `bot`, `orphan` or the event type. */
  acknowledged: Map<number, Map<string, number>>;
  /** Requests never answered 202 after every attempt, with their last answers. */
  failed: { request: StreamRequest; answers: string[] }[];
  /** Answers other than 202 that a retry then got past, by status (or error). */
  retried: Map<string, number>;
  seconds: number;
}

export interface ReplayOptions {
  url: string;
  clock: VirtualClock;
  ticks: Tick[];
  /** The real tracking key of each site. */
  trackingKeys: string[];
  /** Awaited before each tick: where a test kills and restarts servers. */
  beforeTick?(index: number): Promise<void>;
}

/** What a request stands for in the counts: bots and orphan pings apart, else its event type. */
export function kindOf(request: StreamRequest): 'bot' | 'orphan' | EventType {
  return request.bot ? 'bot' : request.orphan ? 'orphan' : request.type;
}

async function send(url: string, request: StreamRequest, body: string): Promise<string> {
  try {
    const response = await fetch(url + INGEST_PATH, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': request.userAgent,
        'accept-language': request.acceptLanguage,
        'x-forwarded-for': request.ip,
      },
      body,
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    return `error: ${(error as Error).cause ?? (error as Error).message}`;
  }
}

export async function replay(options: ReplayOptions): Promise<ReplayResult> {
  const started = performance.now();
  const result: ReplayResult = { acknowledged: new Map(), failed: [], retried: new Map(), seconds: 0 };
  const acknowledge = (request: StreamRequest) => {
    const bySite = result.acknowledged.get(request.site) ?? new Map<string, number>();
    const kind = kindOf(request);
    bySite.set(kind, (bySite.get(kind) ?? 0) + 1);
    result.acknowledged.set(request.site, bySite);
  };
  const deliver = async (request: StreamRequest) => {
    const body = JSON.stringify({ ...request.body, company: options.trackingKeys[request.site] });
    const answers: string[] = [];
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const answer = await send(options.url, request, body);
      if (answer === '202') {
        acknowledge(request);
        for (const other of answers) result.retried.set(other, (result.retried.get(other) ?? 0) + 1);
        return;
      }
      answers.push(answer);
      await new Promise((resolve) => setTimeout(resolve, 25 * (attempt + 1)));
    }
    result.failed.push({ request, answers });
  };

  for (const [index, tick] of options.ticks.entries()) {
    await options.beforeTick?.(index);
    await options.clock.set(tick.time);
    const queue = [...tick.requests];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let request = queue.shift(); request; request = queue.shift()) await deliver(request);
      }),
    );
  }
  return { ...result, seconds: (performance.now() - started) / 1000 };
}
