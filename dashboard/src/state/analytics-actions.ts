import type { AnalyticsDetail } from '@footfall/contract';
import { getAnalyticsDetail } from '../api/analytics';
import type { ApiClient, Query } from '../api/client';
import { getCompany } from '../api/companies';
import type { AnalyticsStore } from './analytics-store';

export function createAnalyticsActions({
  client,
  analytics,
}: {
  client: ApiClient;
  analytics: AnalyticsStore;
}) {
  /**
   * docs/architecture.md "The dashboard": success stores the data as `company_analytic`; failure resets it to empty (and the error is
   * passed on). `store: false` fetches without touching the state, for the comparison chart and exports.
   */
  async function fetchCompanyAnalytics(
    companyId: number,
    query: Query,
    options: { signal?: AbortSignal; background?: boolean; inPlace?: boolean; store?: boolean } = {},
  ): Promise<AnalyticsDetail> {
    const { store = true, ...requestOptions } = options;
    try {
      const { data } = await getAnalyticsDetail(client, companyId, query, requestOptions);
      if (store) analytics.setState(() => ({ company_analytic: data }));
      return data;
    } catch (error) {
      if (store && !options.signal?.aborted) analytics.setState(() => ({ company_analytic: {} }));
      throw error;
    }
  }

  // A site's time zone, asked once a page load: it changes only when an owner edits it in the settings,
  // which tell it here (`noteCompanyZone`).
  const zones = new Map<number, Promise<string>>();

  /** The company's time zone, whose today is the latest day an analytics range may end on. */
  function companyZone(companyId: number, signal?: AbortSignal): Promise<string> {
    let zone = zones.get(companyId);
    if (!zone) {
      zone = getCompany(client, companyId, signal ? { signal } : {}).then((answer) => answer.data.timezone);
      // A failed or aborted lookup is asked again next time.
      zone.catch(() => zones.delete(companyId));
      zones.set(companyId, zone);
    }
    return zone;
  }

  /** Keeps the zone a site's settings were just saved with, so that its ranges end on that zone's today. */
  function noteCompanyZone(companyId: number, timezone: string): void {
    zones.set(companyId, Promise.resolve(timezone));
  }

  return { fetchCompanyAnalytics, companyZone, noteCompanyZone };
}
