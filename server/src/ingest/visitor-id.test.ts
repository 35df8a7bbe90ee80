import type { Repositories } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { DailySalts, importedVisitorId, RecentVisitorIds, visitorId } from './visitor-id';

describe('visitorId (step "visitor id")', () => {
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

  it('is a stable 48-bit number that changes with the salt, the company, the IP and the user agent', () => {
    const id = visitorId('salt', 1, '203.0.113.9', ua);
    expect(Number.isSafeInteger(id)).toBe(true);
    expect(id).toBeGreaterThanOrEqual(0);
    expect(id).toBeLessThan(2 ** 48);
    expect(visitorId('salt', 1, '203.0.113.9', ua)).toBe(id);
    const others = [
      visitorId('next day', 1, '203.0.113.9', ua),
      visitorId('salt', 2, '203.0.113.9', ua),
      visitorId('salt', 1, '203.0.113.10', ua),
      visitorId('salt', 1, '203.0.113.9', `${ua} extra`),
    ];
    for (const other of others) expect(other).not.toBe(id);
  });

  it('gives imported visitors ids of their own per company and local day, the same on a re-import', () => {
    const id = importedVisitorId(1, '2026-06-01', 'v-42');
    expect(importedVisitorId(1, '2026-06-01', 'v-42')).toBe(id);
    expect(importedVisitorId(1, '2026-06-02', 'v-42')).not.toBe(id);
    expect(importedVisitorId(2, '2026-06-01', 'v-42')).not.toBe(id);
  });
});

describe('RecentVisitorIds', () => {
  const ua = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';

  it('answers what visitorId answers, for the salt it is given, and forgets idle visitors', () => {
    const recent = new RecentVisitorIds(100);
    expect(recent.get('salt', 1, '203.0.113.9', ua)).toBe(visitorId('salt', 1, '203.0.113.9', ua));
    expect(recent.get('salt', 1, '203.0.113.9', ua)).toBe(visitorId('salt', 1, '203.0.113.9', ua));
    // A new day's salt: a new id, never the cached one.
    expect(recent.get('next day', 1, '203.0.113.9', ua)).toBe(visitorId('next day', 1, '203.0.113.9', ua));
    expect(recent.get('salt', 2, '203.0.113.9', ua)).toBe(visitorId('salt', 2, '203.0.113.9', ua));
    const cache = (recent as unknown as { cache: { size: number } }).cache;
    expect(cache.size).toBeGreaterThan(0);
    recent.age();
    recent.age();
    expect(cache.size).toBe(0);
  });
});

describe('DailySalts', () => {
  /** A repository that keeps the first salt offered per company day, as the database does. */
  function saltStore() {
    const stored = new Map<string, string>();
    let queries = 0;
    const repos = {
      tracking: {
        salt: async (companyId: number, day: string, candidate: string) => {
          queries += 1;
          const key = `${companyId} ${day}`;
          if (!stored.has(key)) stored.set(key, candidate);
          return stored.get(key) as string;
        },
      },
    } as unknown as Pick<Repositories, 'tracking'>;
    return { repos, queries: () => queries };
  }

  it('caches the salt of the current day, shares concurrent loads, and turns over with the day', async () => {
    const { repos, queries } = saltStore();
    const salts = new DailySalts(repos);
    const now = new Date('2026-06-01T10:00:00Z');
    expect(salts.cached(1, '2026-06-01')).toBeUndefined();
    const [a, b] = await Promise.all([salts.load(1, '2026-06-01', now), salts.load(1, '2026-06-01', now)]);
    expect(a).toBe(b);
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(queries()).toBe(1);
    expect(salts.cached(1, '2026-06-01')).toBe(a);
    const next = await salts.load(1, '2026-06-02', now);
    expect(next).not.toBe(a);
    expect(salts.cached(1, '2026-06-02')).toBe(next);
    // Yesterday's stays for requests stamped before midnight that are still on their way.
    expect(salts.cached(1, '2026-06-01')).toBe(a);
    await salts.load(1, '2026-06-03', now);
    expect(salts.cached(1, '2026-06-01')).toBeUndefined();
    expect(salts.cached(1, '2026-06-02')).toBe(next);
  });

  it('keeps the newer day and caches an older one when it finishes loading last, and forgets a company', async () => {
    const { repos } = saltStore();
    const salts = new DailySalts(repos);
    const now = new Date('2026-06-02T00:00:01Z');
    const newer = await salts.load(1, '2026-06-02', now);
    const older = await salts.load(1, '2026-06-01', now);
    expect(salts.cached(1, '2026-06-02')).toBe(newer);
    // The older day is cached too: ingestion resolves it from the cache right after loading it.
    expect(salts.cached(1, '2026-06-01')).toBe(older);
    const oldest = await salts.load(1, '2026-05-20', now);
    expect(salts.cached(1, '2026-05-20')).toBe(oldest);
    expect(salts.cached(1, '2026-06-02')).toBe(newer);
    salts.forget(1);
    expect(salts.cached(1, '2026-06-02')).toBeUndefined();
  });
});
