import type { ApiKeyHolder, Repositories } from '@footfall/db';
import { LRUCache } from 'lru-cache';
import { hashApiKeySecret } from './api-key-secret';

interface Entry {
  holder: ApiKeyHolder | null;
  expiresAt: number;
}

/** Beyond this many secrets, the least recently used are forgotten first. */
const MAX_ENTRIES = 10_000;

/**
 * Secret → key holder, kept for a few seconds so that a program polling the stats API costs no lookup per
 * call. Unknown secrets are kept too (a new key has a new hash, so a remembered miss can never hide it),
 * which makes a flood of bad keys cheap. Entries are keyed by the hash: the secrets stay out of memory.
 * Revoking a key, a plan change and a suspension drop its entries at once; a time-zone change shows within
 * the TTL, which is read from the caller's clock (the app's, movable in tests), so it is checked here
 * rather than by the LRU.
 */
export class ApiKeyCache {
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  private readonly loading = new Map<string, Promise<ApiKeyHolder | null>>();
  /** Moves on every invalidation, so that a lookup already under way cannot store what was revoked. */
  private generation = 0;

  constructor(
    private readonly repos: Pick<Repositories, 'apiKeys'>,
    private readonly ttlMs = 10_000,
  ) {}

  /** The live key with this secret and its company's rules, or null. */
  async resolve(secret: string, now: number): Promise<ApiKeyHolder | null> {
    const hash = hashApiKeySecret(secret);
    const entry = this.entries.get(hash);
    if (entry && entry.expiresAt > now) return entry.holder;
    if (entry) this.entries.delete(hash);
    return this.load(hash, now);
  }

  /** Forgets a key, e.g. once it is revoked, so that its next call is refused. */
  invalidate(keyId: number): void {
    this.forgetWhere((holder) => holder.keyId === keyId);
  }

  /** Forgets every key, e.g. once a plan's quotas changed for all the companies on it. */
  clear(): void {
    this.forgetWhere(() => true);
  }

  /** Forgets every key of a company, e.g. once its plan changed or it was suspended. */
  invalidateCompany(companyId: number): void {
    this.forgetWhere((holder) => holder.companyId === companyId);
  }

  private forgetWhere(matches: (holder: ApiKeyHolder) => boolean): void {
    this.generation += 1;
    // A lookup under way may have read the key before the change: later calls must not join it.
    this.loading.clear();
    const forgotten = [...this.entries.entries()].filter(
      ([, entry]) => entry.holder && matches(entry.holder),
    );
    for (const [hash] of forgotten) this.entries.delete(hash);
  }

  private load(hash: string, now: number): Promise<ApiKeyHolder | null> {
    const pending = this.loading.get(hash);
    if (pending) return pending;
    const generation = this.generation;
    const promise: Promise<ApiKeyHolder | null> = this.repos.apiKeys
      .findActiveByHash(hash)
      .then((found) => {
        const holder = found ?? null;
        if (generation === this.generation) this.entries.set(hash, { holder, expiresAt: now + this.ttlMs });
        return holder;
      })
      .finally(() => {
        if (this.loading.get(hash) === promise) this.loading.delete(hash);
      });
    this.loading.set(hash, promise);
    return promise;
  }
}
