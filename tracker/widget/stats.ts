import type { PublicStats, PublicStatsAnswer } from '@footfall/contract';

/** The public stats URL of a company on the Footfall server at `origin`. */
export const statsUrl = (origin: string, key: string): string =>
  `${origin}/api/public/companies/${encodeURIComponent(key)}/stats`;

/**
 * Fetches a company's public stats, or null when there are none to show: public stats off or an unknown
 * key (404), any other failure, or an answer without the numbers. Never rejects. No cookies are sent: the
 * widget runs on other sites, and the endpoint is public.
 */
export async function fetchStats(origin: string, key: string): Promise<PublicStats | null> {
  try {
    const response = await fetch(statsUrl(origin, key), { credentials: 'omit' });
    const stats = response.ok && ((await response.json()) as PublicStatsAnswer).data;
    return stats && stats.visitors_30d >= 0 && Array.isArray(stats.sparkline) ? stats : null;
  } catch {
    return null;
  }
}
