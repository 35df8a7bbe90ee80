import { hash, randomBytes } from 'node:crypto';
import type { Repositories } from '@footfall/db';
import { LRUCache } from 'lru-cache';

// Visitor ids are the first 48 bits of a SHA-256: exact as JS numbers, 6 bytes in SQLite, and with about
// 2.8e14 values a collision inside one company's day is vanishingly rare.
function digest48(text: string): number {
  return hash('sha256', text, 'buffer').readUIntBE(0, 6);
}

/**
 * A live visitor's id: a hash of the company's salt of the day, the company, the IP address and the user
 * agent. The salt changes at the company's local midnight and is deleted soon after, so ids cannot be
 * linked across days nor recomputed from a stored IP (none is stored).
 */
export function visitorId(salt: string, companyId: number, ip: string, userAgent: string): number {
  return digest48(`${salt}\n${companyId}\n${ip}\n${userAgent}`);
}

/**
 * The ids of recent visitors, so that a visitor's next events (the engagement ping, the next page) skip
 * the hash, which is the dearest step of an event (SHA-256 through OpenSSL: about 2 µs). Keyed by company,
 * IP address and user agent, and answered only while the company's salt is the one it was hashed with. The
 * addresses stay in memory only: every `age()` (each 10 minutes) drops the entries not used since the
 * previous one, and the cache holds at most `capacity` entries, the least recently seen going first.
 */
export class RecentVisitorIds {
  private readonly cache: LRUCache<string, RecentVisitor>;
  /** Counts the calls of `age()`: an entry not seen in the current generation is dropped at the next. */
  private generation = 0;

  constructor(capacity = 40_000) {
    this.cache = new LRUCache({ max: capacity });
  }

  get(salt: string, companyId: number, ip: string, userAgent: string): number {
    const key = `${companyId}\n${ip}\n${userAgent}`;
    const cached = this.cache.get(key);
    if (cached?.salt === salt) {
      cached.seen = this.generation;
      return cached.id;
    }
    const id = visitorId(salt, companyId, ip, userAgent);
    this.cache.set(key, { salt, id, seen: this.generation });
    return id;
  }

  /** Forgets the visitors not seen since the previous call. */
  age(): void {
    const idle: string[] = [];
    for (const [key, entry] of this.cache.entries()) if (entry.seen < this.generation) idle.push(key);
    for (const key of idle) this.cache.delete(key);
    this.generation += 1;
  }
}

interface RecentVisitor {
  salt: string;
  id: number;
  /** The generation in which the visitor was last seen. */
  seen: number;
}

/**
 * An imported visitor's id: the other tool's visitor id, hashed with the company and the local day, so that
 * imported ids also change every day (days add up exactly) and a re-import gives the same ids.
 */
export function importedVisitorId(companyId: number, day: string, visitor: string): number {
  return digest48(`import\n${companyId}\n${day}\n${visitor}`);
}

/**
 * The salt of each company's current local day, kept in the database (so restarts and other servers agree)
 * and cached here. A cached salt is answered synchronously; a new day's salt needs one database round trip.
 */
export class DailySalts {
  /** Per company, the salts of its latest days, newest first: today's, and yesterday's for late requests. */
  private readonly cache = new Map<number, { day: string; salt: string }[]>();
  private readonly loading = new Map<string, Promise<string>>();

  constructor(private readonly repos: Pick<Repositories, 'tracking'>) {}

  cached(companyId: number, day: string): string | undefined {
    return this.cache.get(companyId)?.find((entry) => entry.day === day)?.salt;
  }

  /**
   * Loads a day's salt and caches it beside the company's other latest day. A request stamped just before
   * midnight may get here after one stamped after it: its day must be cached too, or ingestion would ask
   * for it again and again. An older day (a clock set back) still resolves, as the one just loaded.
   */
  async load(companyId: number, day: string, now: Date): Promise<string> {
    const key = `${companyId} ${day}`;
    let promise = this.loading.get(key);
    if (!promise) {
      promise = this.repos.tracking
        .salt(companyId, day, randomBytes(16).toString('hex'), now)
        .then((salt) => {
          const others = (this.cache.get(companyId) ?? []).filter((entry) => entry.day !== day);
          const newest = others.filter((entry) => entry.day > day).slice(0, 1);
          const older = others.filter((entry) => entry.day < day);
          // The newest day stays; the day just loaded stays (it is wanted right now); one more at most.
          this.cache.set(companyId, [...newest, { day, salt }, ...older].slice(0, 2));
          return salt;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, promise);
    }
    return promise;
  }

  /** Forgets a company (deleted, or its time zone changed). */
  forget(companyId: number): void {
    this.cache.delete(companyId);
  }
}
