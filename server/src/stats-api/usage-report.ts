import type { ApiUsageAnswer } from '@footfall/contract';
import type { ApiCallDay } from '@footfall/db';

/** The API-count report of docs/api.md "Stats API, keys and usage": one row per day and endpoint, and the range's totals. */
export function apiUsageReport(days: ApiCallDay[]): ApiUsageAnswer {
  const byEndpoint: Record<string, number> = {};
  let calls = 0;
  for (const { endpoint, calls: count } of days) {
    byEndpoint[endpoint] = (byEndpoint[endpoint] ?? 0) + count;
    calls += count;
  }
  return {
    data: days.map(({ day, endpoint, calls: count }) => ({ date: day, endpoint, count })),
    totals: { calls, by_endpoint: byEndpoint },
  };
}
