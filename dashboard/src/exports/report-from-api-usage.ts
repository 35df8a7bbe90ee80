import type { ApiUsageAnswer } from '@footfall/contract';
import type { ExportTable } from './types';

/**
 * The API-count report's tables: calls per day and endpoint as the API lists them, then the calls per
 * endpoint over the whole range, most used first, ending with the total.
 */
export function apiUsageTables(answer: ApiUsageAnswer): ExportTable[] {
  const byEndpoint = Object.entries(answer.totals.by_endpoint).sort(
    ([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : a > b ? 1 : 0),
  );
  return [
    {
      title: 'API calls per day',
      columns: [
        { key: 'date', label: 'Date', kind: 'date' },
        { key: 'endpoint', label: 'Endpoint', kind: 'text' },
        { key: 'count', label: 'Calls', kind: 'integer' },
      ],
      rows: answer.data.map(({ date, endpoint, count }) => ({ date, endpoint, count })),
    },
    {
      title: 'API calls per endpoint',
      columns: [
        { key: 'endpoint', label: 'Endpoint', kind: 'text' },
        { key: 'count', label: 'Calls', kind: 'integer' },
      ],
      rows: [
        ...byEndpoint.map(([endpoint, count]) => ({ endpoint, count })),
        { endpoint: 'Total', count: answer.totals.calls },
      ],
    },
  ];
}
