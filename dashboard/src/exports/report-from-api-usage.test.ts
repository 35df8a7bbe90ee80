import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';
import { apiUsageTable } from './report-from-api-usage';

const answer = {
  data: [
    { date: '2026-11-01', endpoint: 'GET /api/v1/stats/:company_id', count: 5 },
    { date: '2026-11-02', endpoint: 'GET /api/v1/other', count: 1234 },
  ],
  totals: { calls: 1239, by_endpoint: { 'GET /api/v1/stats/:company_id': 5, 'GET /api/v1/other': 1234 } },
};

describe('apiUsageTable', () => {
  it('is one table of calls per day and endpoint, as the API lists them', () => {
    const table = apiUsageTable(answer);
    expect(table.columns.map((column) => column.kind)).toEqual(['date', 'text', 'integer']);
    expect(table.rows).toEqual(answer.data);
  });

  it('writes a single rectangular CSV with a header row and bare numbers', () => {
    expect(toCsv(apiUsageTable(answer))).toBe(
      '\uFEFFdate,endpoint,calls\r\n' +
        '2026-11-01,GET /api/v1/stats/:company_id,5\r\n' +
        '2026-11-02,GET /api/v1/other,1234\r\n',
    );
  });
});
