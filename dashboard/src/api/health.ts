import type { HealthAnswer } from '@footfall/contract';

/** The answer of GET /api/health, as the contract defines it. */
export type Health = HealthAnswer;

function isHealth(value: unknown): value is Health {
  if (typeof value !== 'object' || value === null) return false;
  const { status, database, version } = value as Record<string, unknown>;
  return status === 'ok' && database === 'ok' && typeof version === 'string';
}

/**
 * The server's health, or null when it cannot be reached or answers something else: a missing
 * server is normal while the dashboard is served on its own, so this never throws.
 */
export async function fetchHealth(signal?: AbortSignal): Promise<Health | null> {
  try {
    const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, signal });
    if (!response.ok) return null;
    const body: unknown = await response.json();
    return isHealth(body) ? body : null;
  } catch {
    return null;
  }
}
