import type { ApiCallTally } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import { type ApiCall, ApiCallCounter } from './call-counter';

const STATS = 'GET /api/v1/stats/:company_id';

/** In-memory stand-ins for the two repositories, whose writes can be made to wait or to fail. */
function fakeRepos() {
  const stored: ApiCallTally[] = [];
  const uses: { keyId: number; at: Date }[] = [];
  const state = { gate: Promise.resolve(), failAdd: 0, failUse: 0, adds: 0 };
  const inRange = (companyId: number, from: string, to: string) =>
    stored.filter((row) => row.companyId === companyId && row.day >= from && row.day <= to);
  const apiCalls = {
    async add(tallies: ApiCallTally[]) {
      state.adds += 1;
      await state.gate;
      if (state.failAdd > 0) {
        state.failAdd -= 1;
        throw new Error('database down');
      }
      for (const tally of tallies) {
        const row = stored.find(
          (r) => r.companyId === tally.companyId && r.day === tally.day && r.endpoint === tally.endpoint,
        );
        if (row) row.calls += tally.calls;
        else stored.push({ ...tally });
      }
    },
    async daily(companyId: number, from: string, to: string) {
      return inRange(companyId, from, to).map(({ day, endpoint, calls }) => ({ day, endpoint, calls }));
    },
    async total(companyId: number, from: string, to: string) {
      return inRange(companyId, from, to).reduce((sum, row) => sum + row.calls, 0);
    },
  };
  const apiKeys = {
    async recordUse(list: { keyId: number; at: Date }[]) {
      if (state.failUse > 0) {
        state.failUse -= 1;
        throw new Error('database down');
      }
      uses.push(...list);
    },
  };
  const repos = { apiCalls, apiKeys } as unknown as ConstructorParameters<typeof ApiCallCounter>[0];
  return { stored, uses, state, repos };
}

const call = (overrides: Partial<ApiCall> = {}): ApiCall => ({
  companyId: 1,
  keyId: 10,
  day: '2027-01-05',
  endpoint: STATS,
  at: 1_000_000,
  ...overrides,
});

describe('ApiCallCounter', () => {
  it('writes nothing until flushed, then adds the counts per company, day and endpoint', async () => {
    const { stored, state, repos } = fakeRepos();
    const counter = new ApiCallCounter(repos);
    counter.record(call());
    counter.record(call());
    counter.record(call({ day: '2027-01-06' }));
    counter.record(call({ companyId: 2 }));
    expect(state.adds).toBe(0);
    await counter.flush();
    expect(stored).toEqual([
      { companyId: 1, day: '2027-01-05', endpoint: STATS, calls: 2 },
      { companyId: 1, day: '2027-01-06', endpoint: STATS, calls: 1 },
      { companyId: 2, day: '2027-01-05', endpoint: STATS, calls: 1 },
    ]);
    await counter.flush();
    expect(stored[0]?.calls).toBe(2);
  });

  it('answers stored and unflushed calls together', async () => {
    const { repos } = fakeRepos();
    const counter = new ApiCallCounter(repos);
    counter.record(call());
    await counter.flush();
    counter.record(call());
    counter.record(call({ endpoint: 'GET /api/v1/other' }));
    counter.record(call({ day: '2027-02-01' }));
    expect(await counter.total(1, '2027-01-01', '2027-01-31')).toBe(3);
    expect(await counter.daily(1, '2027-01-01', '2027-01-31')).toEqual([
      { day: '2027-01-05', endpoint: 'GET /api/v1/other', calls: 1 },
      { day: '2027-01-05', endpoint: STATS, calls: 2 },
    ]);
  });

  it('neither loses nor double-counts calls recorded while a flush is writing', async () => {
    const { state, repos } = fakeRepos();
    const counter = new ApiCallCounter(repos);
    counter.record(call());
    let release = () => {};
    state.gate = new Promise((resolve) => {
      release = resolve;
    });
    const flushing = counter.flush();
    await Promise.resolve();
    counter.record(call());
    const reading = counter.total(1, '2027-01-01', '2027-01-31');
    release();
    await flushing;
    expect(await reading).toBe(2);
    await counter.flush();
    expect(await counter.total(1, '2027-01-01', '2027-01-31')).toBe(2);
  });

  it('keeps what a failed flush could not write for the next one', async () => {
    const { stored, uses, state, repos } = fakeRepos();
    const counter = new ApiCallCounter(repos);
    counter.record(call());
    state.failAdd = 1;
    await expect(counter.flush()).rejects.toThrow('database down');
    expect(await counter.total(1, '2027-01-01', '2027-01-31')).toBe(1);
    counter.record(call());
    state.failUse = 1;
    await expect(counter.flush()).rejects.toThrow('database down');
    expect(stored).toEqual([{ companyId: 1, day: '2027-01-05', endpoint: STATS, calls: 2 }]);
    await counter.flush();
    expect(stored[0]?.calls).toBe(2);
    expect(uses).toEqual([{ keyId: 10, at: new Date(1_000_000) }]);
  });

  it("writes a key's last use, then again only once 50 seconds have passed since that write", async () => {
    const { uses, repos } = fakeRepos();
    const counter = new ApiCallCounter(repos);
    counter.record(call({ at: 0 }));
    counter.record(call({ at: 1_000 }));
    await counter.flush();
    counter.record(call({ at: 50_999 }));
    await counter.flush();
    counter.record(call({ at: 51_000 }));
    counter.record(call({ keyId: 11, at: 20_000 }));
    await counter.flush();
    expect(uses).toEqual([
      { keyId: 10, at: new Date(1_000) },
      { keyId: 10, at: new Date(51_000) },
      { keyId: 11, at: new Date(20_000) },
    ]);
  });
});
