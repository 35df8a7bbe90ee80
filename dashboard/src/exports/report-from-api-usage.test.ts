import { describe, expect, it } from 'vitest';
import { apiUsageTables } from './report-from-api-usage';

describe('apiUsageTables', () => {
  it('lists calls per day, then per endpoint with the most used first and the total last', () => {
    const [daily, totals] = apiUsageTables({
      data: [
        { date: '2026-11-01', endpoint: 'GET /api/v1/stats/:company_id', count: 5 },
        { date: '2026-11-02', endpoint: 'GET /api/v1/other', count: 9 },
      ],
      totals: { calls: 14, by_endpoint: { 'GET /api/v1/stats/:company_id': 5, 'GET /api/v1/other': 9 } },
    });
    expect(daily?.columns.map((column) => column.kind)).toEqual(['date', 'text', 'integer']);
    expect(daily?.rows[0]).toEqual({
      date: '2026-11-01',
      endpoint: 'GET /api/v1/stats/:company_id',
      count: 5,
    });
    expect(totals?.rows).toEqual([
      { endpoint: 'GET /api/v1/other', count: 9 },
      { endpoint: 'GET /api/v1/stats/:company_id', count: 5 },
      { endpoint: 'Total', count: 14 },
    ]);
  });
});
