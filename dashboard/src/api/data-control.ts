import type { DataRangeAnswer, DataRangeQuery } from '@footfall/contract';
import type { ApiClient } from './client';

// A company's own data (docs/api.md "Data control"): its export, and deleting some days of it.

/** The path of the site's NDJSON export, a file rather than JSON (`lib/browser/download-file.ts` fetches it). */
export function siteExportPath(companyId: number): string {
  return `/api/companies/${companyId}/export`;
}

/** What deleting those days would remove, counted first so that nothing goes unseen. */
export function countDays(
  client: ApiClient,
  companyId: number,
  query: DataRangeQuery,
): Promise<DataRangeAnswer> {
  return client.get<DataRangeAnswer>(`/api/companies/${companyId}/data`, { query });
}

/** Deletes the events and visits of those days, for good. */
export function deleteDays(
  client: ApiClient,
  companyId: number,
  query: DataRangeQuery,
): Promise<DataRangeAnswer> {
  return client.delete<DataRangeAnswer>(`/api/companies/${companyId}/data`, { query });
}
