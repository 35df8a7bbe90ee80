import type { ApiUsageAnswer } from '@footfall/contract';
import type { ExportTable } from './types';

/**
 * The API-count report's table, as the screen shows it: calls per day and endpoint, as the API lists
 * them. One rectangle, so its CSV imports as it is; the totals per endpoint are sums of its rows.
 */
export function apiUsageTable(answer: ApiUsageAnswer): ExportTable {
  return {
    name: 'api_usage',
    title: 'API calls per day and endpoint',
    columns: [
      { key: 'date', label: 'Date', kind: 'date' },
      { key: 'endpoint', label: 'Endpoint', kind: 'text' },
      { key: 'count', label: 'Calls', kind: 'integer' },
    ],
    rows: answer.data.map(({ date, endpoint, count }) => ({ date, endpoint, count })),
  };
}
