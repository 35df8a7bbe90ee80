import type { ApiKey } from '@footfall/contract';
import type { ApiKey as ApiKeyRow } from '@footfall/db';

/** A key as listed (docs/api.md "Stats API, keys and usage"): never the secret, nor its hash. */
export function presentApiKey(key: ApiKeyRow): ApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    created_at: key.createdAt.toISOString(),
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
  };
}
