import { describe, expect, it } from 'vitest';
import { ApiQuota, RELOAD_AFTER_MS } from './api-quota';
import { billingPeriod } from './billing-period';
import type { ApiCall, ApiCallCounter } from './call-counter';

const START = Date.parse('2027-01-10T12:00:00Z');
const JANUARY = billingPeriod('UTC', START);

/** A counter whose stored total is `stored`, counting what is recorded and how often the total is read. */
function fakeCounter(stored = 0) {
  const state = { stored, recorded: [] as ApiCall[], reads: 0 };
  const counter = {
    record: (call: ApiCall) => state.recorded.push(call),
    total: async () => {
      state.reads += 1;
      return state.stored + state.recorded.length;
    },
  };
  return { state, counter: counter as unknown as ApiCallCounter };
}

const call = (at = START): ApiCall => ({ companyId: 1, keyId: 1, day: '2027-01-10', endpoint: 'GET /x', at });

describe('ApiQuota', () => {
  it('admits and counts calls up to the quota, then refuses without counting', async () => {
    const { state, counter } = fakeCounter(1);
    const quota = new ApiQuota(counter);
    expect(await quota.admit(call(), JANUARY, 3)).toBe(true);
    expect(await quota.admit(call(), JANUARY, 3)).toBe(true);
    expect(await quota.admit(call(), JANUARY, 3)).toBe(false);
    expect(state.recorded).toHaveLength(2);
    expect(await quota.used(1, JANUARY, START)).toBe(3);
    expect(state.reads).toBe(1);
  });

  it('admits exactly what fits when calls arrive together', async () => {
    const { state, counter } = fakeCounter();
    const quota = new ApiQuota(counter);
    const answers = await Promise.all(Array.from({ length: 10 }, () => quota.admit(call(), JANUARY, 4)));
    expect(answers.filter(Boolean)).toHaveLength(4);
    expect(state.recorded).toHaveLength(4);
    expect(state.reads).toBe(1);
  });

  it('reads the count again after two seconds, picking up what other servers stored', async () => {
    const { state, counter } = fakeCounter();
    const quota = new ApiQuota(counter);
    expect(await quota.admit(call(), JANUARY, 5)).toBe(true);
    state.stored = 4;
    expect(await quota.used(1, JANUARY, START + RELOAD_AFTER_MS - 1)).toBe(1);
    expect(await quota.admit(call(START + RELOAD_AFTER_MS), JANUARY, 5)).toBe(false);
    expect(state.reads).toBe(2);
  });

  it('starts a new month from what is stored for it', async () => {
    const { state, counter } = fakeCounter();
    const quota = new ApiQuota(counter);
    expect(await quota.admit(call(), JANUARY, 1)).toBe(true);
    expect(await quota.admit(call(), JANUARY, 1)).toBe(false);
    state.recorded = [];
    const february = billingPeriod('UTC', Date.parse('2027-02-01T00:00:00Z'));
    expect(await quota.admit(call(Date.parse('2027-02-01T00:00:00Z')), february, 1)).toBe(true);
  });
});
