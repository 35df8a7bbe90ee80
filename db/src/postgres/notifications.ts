import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Db, pgOrmOf } from '../create-db';

/** PostgreSQL's `NOTIFY` payloads must stay under 8000 bytes. */
const MAX_PAYLOAD_BYTES = 7_999;

/** Sends `payload` to every connection listening on `channel`; delivered once the sender's statement commits. */
export async function notify(db: Db, channel: string, payload: string): Promise<void> {
  if (Buffer.byteLength(payload) > MAX_PAYLOAD_BYTES) throw new Error('NOTIFY payload too long.');
  await pgOrmOf(db).execute(sql`select pg_notify(${channel}, ${payload})`);
}

export interface ListenerEvents {
  /** A notification's payload, from any connection (this process's own included). */
  onMessage(payload: string): void;
  /**
   * The listening connection is up again after it was lost: notifications sent meanwhile were missed, so
   * whatever they would have said must be assumed.
   */
  onReconnect(): void;
  /** The connection failed or was lost; it is retried. */
  onError(error: unknown): void;
}

export interface Listener {
  /** Resolves once the first connection listens (or its first attempt failed, then retried in the background). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

/** The first retry after a lost connection, doubling up to `MAX_RETRY_MS`. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 5_000;

/**
 * Listens on `channel` over a connection of its own (a pooled connection would be handed to other queries,
 * and `LISTEN` belongs to the session). A lost connection is opened again with a growing delay, and then
 * `onReconnect` tells the caller that it may have missed notifications.
 */
export function listen(db: Db, channel: string, events: ListenerEvents): Listener {
  const options = pgOrmOf(db).$client.options;
  let client: pg.Client | undefined;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  let attempts = 0;

  const scheduleRetry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect();
    }, retryMs);
    timer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  };

  const lost = (current: pg.Client, error: unknown) => {
    if (client !== current) return;
    client = undefined;
    current.removeAllListeners('notification');
    // Keep a listener for late 'error' events of the dead client: unheard, they would crash the process.
    current.on('error', () => {});
    void current.end().catch(() => {});
    if (closed) return;
    events.onError(error);
    scheduleRetry();
  };

  async function connect(): Promise<void> {
    if (closed) return;
    attempts += 1;
    // TCP keep-alive from 10 s: a connection that died silently is noticed in about a minute, not hours.
    const current = new pg.Client({ ...options, keepAlive: true, keepAliveInitialDelayMillis: 10_000 });
    client = current;
    current.on('error', (error) => lost(current, error));
    current.on('end', () => lost(current, new Error('The listening connection ended.')));
    current.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) events.onMessage(message.payload);
    });
    try {
      await current.connect();
      await current.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(current, error);
      return;
    }
    if (closed) {
      await current.end().catch(() => {});
      return;
    }
    retryMs = FIRST_RETRY_MS;
    // Any attempt but the first follows a time without a listener.
    if (attempts > 1) events.onReconnect();
  }

  const ready = connect();
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('notification');
        await current.end().catch(() => {});
      }
    },
  };
}
