import type { AnalyticsDetail } from '@footfall/contract';
import type { App } from '../types';

/** What the analytics need of a company. */
export interface AnalyticsCompany {
  id: number;
  timezone: string;
}

/**
 * The analytics detail of API.md §6 for a company: `query` is the raw query string object (validated
 * here: 422 for anything wrong).
 */
export async function analyticsDetail(
  _app: App,
  _company: AnalyticsCompany,
  _query: unknown,
): Promise<AnalyticsDetail> {
  throw new Error('not built yet');
}
