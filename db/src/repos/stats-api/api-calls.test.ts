import { describe, expect, it } from 'vitest';
import { registration, useTestDb } from '../../../test/support/use-test-db';

describe('the API calls repository', () => {
  const t = useTestDb();
  const newCompany = async () => (await t.repos.users.register(registration())).company;
  const STATS = 'GET /api/v1/stats/:company_id';
  const OTHER = 'GET /api/v1/other';

  it('adds counts to what is stored, per company, day and endpoint', async () => {
    const [company, other] = [await newCompany(), await newCompany()];
    await t.repos.apiCalls.add([
      { companyId: company.id, day: '2026-06-01', endpoint: STATS, calls: 3 },
      { companyId: company.id, day: '2026-06-02', endpoint: STATS, calls: 1 },
      { companyId: other.id, day: '2026-06-01', endpoint: STATS, calls: 7 },
    ]);
    await t.repos.apiCalls.add([
      { companyId: company.id, day: '2026-06-01', endpoint: STATS, calls: 2 },
      { companyId: company.id, day: '2026-06-01', endpoint: OTHER, calls: 4 },
    ]);
    expect(await t.repos.apiCalls.daily(company.id, '2026-06-01', '2026-06-30')).toEqual([
      { day: '2026-06-01', endpoint: OTHER, calls: 4 },
      { day: '2026-06-01', endpoint: STATS, calls: 5 },
      { day: '2026-06-02', endpoint: STATS, calls: 1 },
    ]);
    expect(await t.repos.apiCalls.total(other.id, '2026-06-01', '2026-06-30')).toBe(7);
  });

  it('sums tallies that name the same row within one call', async () => {
    const company = await newCompany();
    await t.repos.apiCalls.add([
      { companyId: company.id, day: '2026-06-01', endpoint: STATS, calls: 1 },
      { companyId: company.id, day: '2026-06-01', endpoint: STATS, calls: 2 },
      { companyId: company.id, day: '2026-06-02', endpoint: STATS, calls: 0 },
    ]);
    expect(await t.repos.apiCalls.daily(company.id, '2026-06-01', '2026-06-30')).toEqual([
      { day: '2026-06-01', endpoint: STATS, calls: 3 },
    ]);
  });

  it('reads days from `from` to `to`, both included', async () => {
    const company = await newCompany();
    await t.repos.apiCalls.add(
      ['2026-05-31', '2026-06-01', '2026-06-30', '2026-07-01'].map((day, index) => ({
        companyId: company.id,
        day,
        endpoint: STATS,
        calls: 10 ** index,
      })),
    );
    expect(await t.repos.apiCalls.total(company.id, '2026-06-01', '2026-06-30')).toBe(110);
    expect(
      (await t.repos.apiCalls.daily(company.id, '2026-06-01', '2026-06-30')).map((row) => row.day),
    ).toEqual(['2026-06-01', '2026-06-30']);
    expect(await t.repos.apiCalls.total(company.id, '2027-01-01', '2027-01-31')).toBe(0);
  });

  it('adds many rows at once', async () => {
    const company = await newCompany();
    const tallies = Array.from({ length: 1_200 }, (_, index) => ({
      companyId: company.id,
      day: '2026-08-01',
      endpoint: `GET /api/v1/e${index}`,
      calls: 1,
    }));
    await t.repos.apiCalls.add(tallies);
    expect(await t.repos.apiCalls.total(company.id, '2026-08-01', '2026-08-01')).toBe(1_200);
  });

  it('adds all of a call or nothing, so a failed flush can be retried', async () => {
    const company = await newCompany();
    const tallies = Array.from({ length: 600 }, (_, index) => ({
      companyId: company.id,
      day: '2026-09-01',
      endpoint: `GET /api/v1/e${index}`,
      calls: 1,
    }));
    // The last row names no company: its foreign key fails in the second statement.
    tallies.push({ companyId: 2 ** 31 - 1, day: '2026-09-01', endpoint: 'GET /api/v1/x', calls: 1 });
    await expect(t.repos.apiCalls.add(tallies)).rejects.toThrow();
    expect(await t.repos.apiCalls.total(company.id, '2026-09-01', '2026-09-01')).toBe(0);
  });
});
