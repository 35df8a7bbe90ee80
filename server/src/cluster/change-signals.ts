import { randomUUID } from 'node:crypto';
import { type Db, type Listener, listen, notify } from '@footfall/db';
import type { FastifyBaseLogger } from 'fastify';

/** What a server tells the others when something they may hold in memory changed in the database. */
export type ChangeSignal =
  /** Settings, plan, suspension, public stats, allowed domains or stored days of a company. */
  | { type: 'company-changed'; companyId: number }
  /** A company and its rows are gone: its events and API calls must no longer be taken. */
  | { type: 'company-deleted'; companyId: number }
  /** A plan's terms, for every company on it. */
  | { type: 'plans-changed' }
  /** A stats-API key was revoked. */
  | { type: 'api-key-revoked'; keyId: number };

/** The PostgreSQL channel every server of one database listens on. */
export const CHANGE_CHANNEL = 'footfall_changes';

export interface ChangeSignals {
  /**
   * Applies `signal` to this server's caches at once, then tells every other server sharing the database.
   * Call it after the change is committed, so that no server reloads what it is about to forget.
   */
  send(signal: ChangeSignal): void;
  /** Resolves once this server listens (at once on SQLite). */
  readonly ready: Promise<void>;
  close(): Promise<void>;
}

export interface ChangeSignalOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Forgets what `signal` makes stale in this server's memory. */
  apply(signal: ChangeSignal): void;
  /** Forgets everything that a missed signal could have made stale (after the listener was down). */
  forgetAll(): void;
}

/**
 * Cache invalidation across the servers that share one database. On PostgreSQL each server listens on
 * `CHANGE_CHANNEL` over a connection of its own and applies what the others send (a NOTIFY reaches them
 * within milliseconds of the sender's commit). While the connection is down signals are missed, so once it
 * is back every cache is cleared. On SQLite there is one server: `send` only applies locally.
 */
export function createChangeSignals(options: ChangeSignalOptions): ChangeSignals {
  const { db, log, apply, forgetAll } = options;
  if (db.dialect !== 'postgres') {
    return { send: apply, ready: Promise.resolve(), close: async () => {} };
  }
  // Servers hear their own notifications too; the id lets a server skip what it applied already.
  const serverId = randomUUID();
  const listener: Listener = listen(db, CHANGE_CHANNEL, {
    onMessage(payload) {
      const message = parseMessage(payload);
      if (!message) {
        log.warn({ payload: payload.slice(0, 200) }, 'change signals: a notification not understood');
        return;
      }
      if (message.from !== serverId) apply(message.signal);
    },
    onReconnect() {
      log.info('change signals: listening again; every cache is cleared');
      forgetAll();
    },
    onError(error) {
      log.warn({ err: error }, 'change signals: the listening connection failed; reconnecting');
    },
  });
  return {
    send(signal) {
      apply(signal);
      notify(db, CHANGE_CHANNEL, JSON.stringify({ from: serverId, signal })).catch((error: unknown) =>
        log.error({ err: error, signal }, 'change signals: not sent; other servers follow within their TTLs'),
      );
    },
    ready: listener.ready,
    close: () => listener.close(),
  };
}

const isId = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** A notification's sender and signal, or undefined when it is not one this version understands. */
export function parseMessage(payload: string): { from: string; signal: ChangeSignal } | undefined {
  let message: unknown;
  try {
    message = JSON.parse(payload);
  } catch {
    return undefined;
  }
  if (typeof message !== 'object' || message === null) return undefined;
  const { from, signal } = message as { from?: unknown; signal?: Record<string, unknown> };
  if (typeof from !== 'string' || typeof signal !== 'object' || signal === null) return undefined;
  switch (signal.type) {
    case 'company-changed':
    case 'company-deleted':
      return isId(signal.companyId)
        ? { from, signal: { type: signal.type, companyId: signal.companyId } }
        : undefined;
    case 'plans-changed':
      return { from, signal: { type: 'plans-changed' } };
    case 'api-key-revoked':
      return isId(signal.keyId)
        ? { from, signal: { type: 'api-key-revoked', keyId: signal.keyId } }
        : undefined;
    default:
      return undefined;
  }
}
