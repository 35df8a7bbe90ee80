import type { ApiKeyHolder } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { ApiKeyCache } from './api-key-cache';
import { hashApiKeySecret, newApiKeySecret } from './api-key-secret';

const holder: ApiKeyHolder = {
  keyId: 7,
  companyId: 3,
  timezone: 'UTC',
  apiCallsQuota: 1_000,
  companySuspendedAt: null,
};

/** A repository over one stored key, counting its lookups; `revoked` hides the key. */
function fakeRepos(secret: string) {
  const state = { lookups: 0, revoked: false, gate: Promise.resolve() };
  const repos = {
    apiKeys: {
      async findActiveByHash(hash: string) {
        state.lookups += 1;
        const revokedAtStart = state.revoked;
        await state.gate;
        return hash === hashApiKeySecret(secret) && !revokedAtStart ? holder : undefined;
      },
    },
  };
  return { state, repos: repos as unknown as ConstructorParameters<typeof ApiKeyCache>[0] };
}

describe('ApiKeyCache', () => {
  it('looks a secret up once within the TTL, and again after it', async () => {
    const secret = newApiKeySecret();
    const { state, repos } = fakeRepos(secret);
    const cache = new ApiKeyCache(repos, 10_000);
    expect(await cache.resolve(secret, 0)).toEqual(holder);
    expect(await cache.resolve(secret, 9_999)).toEqual(holder);
    expect(state.lookups).toBe(1);
    expect(await cache.resolve(secret, 10_000)).toEqual(holder);
    expect(state.lookups).toBe(2);
  });

  it("forgets every key of a company when the company changes, and only that company's", async () => {
    const secret = newApiKeySecret();
    const { state, repos } = fakeRepos(secret);
    const cache = new ApiKeyCache(repos);
    await cache.resolve(secret, 0);
    cache.invalidateCompany(holder.companyId + 1);
    await cache.resolve(secret, 1);
    expect(state.lookups).toBe(1);
    cache.invalidateCompany(holder.companyId);
    await cache.resolve(secret, 2);
    expect(state.lookups).toBe(2);
  });

  it('remembers unknown secrets too', async () => {
    const { state, repos } = fakeRepos(newApiKeySecret());
    const cache = new ApiKeyCache(repos);
    const unknown = newApiKeySecret();
    expect(await cache.resolve(unknown, 0)).toBeNull();
    expect(await cache.resolve(unknown, 1)).toBeNull();
    expect(state.lookups).toBe(1);
  });

  it('shares one lookup between calls that arrive together', async () => {
    const secret = newApiKeySecret();
    const { state, repos } = fakeRepos(secret);
    const cache = new ApiKeyCache(repos);
    const answers = await Promise.all([cache.resolve(secret, 0), cache.resolve(secret, 0)]);
    expect(answers).toEqual([holder, holder]);
    expect(state.lookups).toBe(1);
  });

  it('refuses a revoked key at once, even when a lookup made before the revocation answers later', async () => {
    const secret = newApiKeySecret();
    const { state, repos } = fakeRepos(secret);
    const cache = new ApiKeyCache(repos);
    expect(await cache.resolve(secret, 0)).toEqual(holder);
    let release = () => {};
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    cache.invalidate(holder.keyId);
    const before = cache.resolve(secret, 1); // reads the key as still active, answers after the revocation
    state.revoked = true;
    cache.invalidate(holder.keyId);
    const after = cache.resolve(secret, 2);
    release();
    expect(await before).toEqual(holder);
    expect(await after).toBeNull();
    expect(await cache.resolve(secret, 3)).toBeNull();
  });
});
