import { describe, expect, it, vi } from 'vitest';
import { CHUNK_FAILED_MESSAGE, ChunkLoadError, chunkLoader, isChunkLoadError, loadChunk } from './load-chunk';

describe('loadChunk', () => {
  it('settles with the module', async () => {
    await expect(loadChunk(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
  });

  it('turns a failed import into "Loading chunk failed", keeping the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
    const error = await loadChunk(() => Promise.reject(cause)).catch((caught: unknown) => caught);
    expect(isChunkLoadError(error)).toBe(true);
    expect(error).toMatchObject({ message: CHUNK_FAILED_MESSAGE, reason: 'failed', cause });
  });

  it('gives up after the time limit, 120 seconds by default', async () => {
    vi.useFakeTimers();
    try {
      const never = loadChunk(() => new Promise(() => undefined));
      const outcome = never.catch((caught: unknown) => caught);
      await vi.advanceTimersByTimeAsync(119_999);
      let settled = false;
      void never.catch(() => {
        settled = true;
      });
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(await outcome).toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not fooled by a module that arrives after the time limit', async () => {
    let deliver: (value: string) => void = () => undefined;
    const late = loadChunk(() => new Promise<string>((resolve) => (deliver = resolve)), 5);
    await expect(late).rejects.toBeInstanceOf(ChunkLoadError);
    deliver('too late');
  });
});

describe('chunkLoader', () => {
  it('imports once and shares the module with every caller', async () => {
    const importer = vi.fn(async () => ({ chart: true }));
    const load = chunkLoader(importer);
    const [a, b] = await Promise.all([load(), load()]);
    expect(a).toBe(b);
    await load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call imports again (a retry)', async () => {
    const importer = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce({ ok: true });
    const load = chunkLoader(importer);
    await expect(load()).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(load()).resolves.toEqual({ ok: true });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
