import type { Repositories, TrackedCompany } from '@footfall/db';
import { LRUCache } from 'lru-cache';
import { companyInternalHosts, isHostWithin } from './enrich/referrer';

/** A company as ingestion sees it, with its allowed and internal hosts prepared once. */
export interface IngestCompany extends TrackedCompany {
  /** `domains` lower-cased; empty admits any host. */
  allowedHosts: string[];
  /** Hosts whose referrers are internal: the allowed domains and the website's host. */
  internalHosts: string[];
}

interface Entry {
  company: IngestCompany | null;
  expiresAt: number;
}

const MAX_ENTRIES = 20_000;

/** A company with its allowed and internal hosts worked out. */
export function forIngestion(company: TrackedCompany): IngestCompany {
  const allowedHosts = company.domains.map((domain) => domain.trim().toLowerCase()).filter(Boolean);
  return { ...company, allowedHosts, internalHosts: companyInternalHosts(company.domains, company.website) };
}

/**
 * Tracking key → company, cached for a few seconds (unknown keys too, so a flood of bad keys costs no
 * queries). Settings changed in the dashboard take effect within the TTL, or at once through `invalidate`.
 */
export class CompanyCache {
  /** Bounded, so a flood of made-up keys evicts the least recently used rather than growing without end. */
  private readonly entries = new LRUCache<string, Entry>({ max: MAX_ENTRIES });
  private readonly loading = new Map<string, Promise<IngestCompany | null>>();
  /** Companies deleted while this process ran: their keys are unknown, even to a lookup already under way. */
  private readonly deleted = new Set<number>();
  /** Moves on every invalidation, so that a lookup already under way cannot store what was just changed. */
  private generation = 0;

  constructor(
    private readonly repos: Pick<Repositories, 'tracking'>,
    private readonly ttlMs = 10_000,
  ) {}

  /** The cached answer: a company, null for an unknown key, undefined when not cached. */
  cached(trackingKey: string, now: number): IngestCompany | null | undefined {
    const entry = this.entries.get(trackingKey);
    if (!entry) return undefined;
    if (entry.expiresAt > now && !(entry.company && this.deleted.has(entry.company.id))) return entry.company;
    this.entries.delete(trackingKey);
    return undefined;
  }

  /** The company of a tracking key, from memory when cached, else loaded (null for an unknown key). */
  async get(trackingKey: string, now: number): Promise<IngestCompany | null> {
    const hit = this.cached(trackingKey, now);
    // `null` is a cached answer too (an unknown key): only `undefined` needs a query.
    return hit === undefined ? this.load(trackingKey, now) : hit;
  }

  load(trackingKey: string, now: number): Promise<IngestCompany | null> {
    let promise = this.loading.get(trackingKey);
    if (!promise) {
      const generation = this.generation;
      promise = this.repos.tracking
        .findCompanyByTrackingKey(trackingKey)
        .then((found) => {
          const company = found && !this.deleted.has(found.id) ? forIngestion(found) : null;
          if (generation === this.generation) {
            this.entries.set(trackingKey, { company, expiresAt: now + this.ttlMs });
          }
          return company;
        })
        .finally(() => {
          if (this.loading.get(trackingKey) === promise) this.loading.delete(trackingKey);
        });
      this.loading.set(trackingKey, promise);
    }
    return promise;
  }

  /** Drops every entry, e.g. after a plan's quotas changed for all the companies on it. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  /** Treats a company's keys as unknown from now on: it is being deleted. */
  markDeleted(companyId: number): void {
    this.deleted.add(companyId);
    this.invalidate(companyId);
  }

  /** Whether any company was deleted while this process ran. */
  anyDeleted(): boolean {
    return this.deleted.size > 0;
  }

  /** Whether a company was deleted while this process ran. */
  isDeleted(companyId: number): boolean {
    return this.deleted.has(companyId);
  }

  /** Drops every cached entry of a company, e.g. after its settings changed. */
  invalidate(companyId: number): void {
    this.generation += 1;
    // A lookup under way may have read the company before the change: later requests must not join it.
    this.loading.clear();
    const keys: string[] = [];
    for (const [key, entry] of this.entries.entries()) if (entry.company?.id === companyId) keys.push(key);
    for (const key of keys) this.entries.delete(key);
  }
}

/** Whether `hostname` is allowed: the list is empty, or names it or one of its parent domains. */
export function isAllowedHost(hostname: string, allowedHosts: readonly string[]): boolean {
  if (allowedHosts.length === 0) return true;
  for (const allowed of allowedHosts) if (isHostWithin(hostname, allowed)) return true;
  return false;
}
