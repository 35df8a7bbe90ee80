import type { TrackingBatch } from '@footfall/db';
import { describe, expect, it } from 'vitest';
import type { ReadyEvent } from './types';
import { BufferFullError, WriteBuffer } from './write-buffer';

function readyEvent(sessionId: number, kind: ReadyEvent['kind'] = 'pageview'): ReadyEvent {
  const at = new Date('2026-06-01T10:00:00Z');
  return {
    companyId: 1,
    ts: at.getTime(),
    kind,
    name: null,
    hostname: 'a.example',
    pathname: '/',
    props: null,
    engagedMs: kind === 'engagement' ? 1_000 : null,
    scrollDepth: null,
    visitorId: 9,
    session: {
      id: sessionId,
      companyId: 1,
      visitorId: 9,
      startedAt: at,
      lastActivityAt: at,
      entryPage: '/',
      exitPage: '/',
    },
    visit: {
      hostname: 'a.example',
      source: 'Direct / None',
      referrer: null,
      utmSource: null,
      utmMedium: null,
      utmCampaign: null,
      utmContent: null,
      utmTerm: null,
      country: null,
      browser: null,
      os: null,
      device: 'desktop',
      language: null,
    },
    usageMonth: kind === 'engagement' ? null : '2026-06',
  };
}

describe('WriteBuffer', () => {
  it('commits the events of many requests in one batch and resolves each only after the commit', async () => {
    const batches: TrackingBatch[] = [];
    let commit: () => void = () => {};
    const buffer = new WriteBuffer({
      write: (batch) => {
        batches.push(batch);
        return new Promise<void>((resolve) => {
          commit = resolve;
        });
      },
      maxPendingEvents: 100,
      gatherBelow: 0,
      onError: () => {},
    });
    let answered = 0;
    const requests = [1, 2, 3].map((id) => buffer.submit([readyEvent(id)]).then(() => (answered += 1)));
    buffer.countBots(1, '2026-06-01', 2);
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toHaveLength(1);
    expect(answered).toBe(0);
    commit();
    await Promise.all(requests);
    expect(answered).toBe(3);
    expect(batches[0]?.events).toHaveLength(3);
    expect(batches[0]?.botHits).toEqual([{ companyId: 1, day: '2026-06-01', hits: 2 }]);
    expect(batches[0]?.usage).toEqual([{ companyId: 1, month: '2026-06', events: 3 }]);
  });

  it('hands the next batch to the writer while one commits, but no more than two at once', async () => {
    const commits: (() => void)[] = [];
    const sizes: number[] = [];
    const buffer = new WriteBuffer({
      write: (batch) => {
        sizes.push(batch.events.length);
        return new Promise<void>((resolve) => commits.push(resolve));
      },
      maxPendingEvents: 100,
      gatherBelow: 0,
      onError: () => {},
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const first = buffer.submit([readyEvent(1)]);
    await turn();
    const second = buffer.submit([readyEvent(2)]);
    await turn();
    const third = buffer.submit([readyEvent(3)]);
    const fourth = buffer.submit([readyEvent(4)]);
    await turn();
    expect(sizes).toEqual([1, 1]);
    commits[0]?.();
    await first;
    await turn();
    await turn();
    // The two events that waited go together, once a writer slot is free.
    expect(sizes).toEqual([1, 1, 2]);
    commits[1]?.();
    commits[2]?.();
    await Promise.all([second, third, fourth]);
  });

  it('lets a small batch wait one more turn for the requests arriving meanwhile, and a full one not', async () => {
    const sizes: number[] = [];
    const buffer = new WriteBuffer({
      write: async (batch) => void sizes.push(batch.events.length),
      maxPendingEvents: 100,
      gatherBelow: 3,
      onError: () => {},
    });
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const early = buffer.submit([readyEvent(1)]);
    await turn();
    expect(sizes).toEqual([]);
    const late = buffer.submit([readyEvent(2)]);
    await Promise.all([early, late]);
    expect(sizes).toEqual([2]);
    const full = buffer.submit([readyEvent(3), readyEvent(4), readyEvent(5)]);
    await turn();
    expect(sizes).toEqual([2, 3]);
    await full;
    // Gathering is a single extra turn: a lone event is not held any longer.
    const lone = buffer.submit([readyEvent(6)]);
    await turn();
    await turn();
    expect(sizes).toEqual([2, 3, 1]);
    await lone;
  });

  it('refuses events beyond its capacity instead of growing', async () => {
    const buffer = new WriteBuffer({
      write: () => new Promise(() => {}),
      maxPendingEvents: 2,
      onError: () => {},
    });
    void buffer.submit([readyEvent(1), readyEvent(2)]);
    expect(() => buffer.submit([readyEvent(3)])).toThrow(BufferFullError);
  });

  it('rejects the requests of a failed commit and keeps working', async () => {
    let fail = true;
    const errors: unknown[] = [];
    const buffer = new WriteBuffer({
      write: async () => {
        if (fail) throw new Error('disk full');
      },
      maxPendingEvents: 10,
      onError: (error) => errors.push(error),
    });
    await expect(buffer.submit([readyEvent(1)])).rejects.toThrow('disk full');
    fail = false;
    await expect(buffer.submit([readyEvent(2)])).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
  });

  it('sums one visit over a batch into a single upsert with its counts', async () => {
    const batches: TrackingBatch[] = [];
    const buffer = new WriteBuffer({
      write: async (batch) => void batches.push(batch),
      maxPendingEvents: 10,
      onError: () => {},
    });
    await buffer.submit([readyEvent(5), readyEvent(5, 'event'), readyEvent(5, 'engagement')]);
    expect(batches[0]?.sessions).toMatchObject([
      { id: 5, pageviews: 1, events: 1, engagedMs: 1_000, isBounce: false },
    ]);
  });

  it('writes everything accepted when drained', async () => {
    const written: number[] = [];
    const buffer = new WriteBuffer({
      write: async (batch) => void written.push(batch.events.length),
      maxPendingEvents: 10,
      onError: () => {},
    });
    void buffer.submit([readyEvent(1)]);
    await buffer.drain();
    expect(written).toEqual([1]);
  });
});
