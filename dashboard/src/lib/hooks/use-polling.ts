import { useEffect, useRef } from 'react';

/**
 * Runs `task` now and then every `intervalMs` while the page is visible, never two at once; a hidden tab
 * stops polling and catches up when shown again. `task` gets a signal aborted on unmount, and when `key`
 * changes (what to ask for changed: polling starts over). `startNow: false` waits a first interval, for a
 * screen whose loader has just fetched the same.
 */
export function usePolling(
  task: (signal: AbortSignal) => Promise<void>,
  intervalMs: number,
  enabled = true,
  { key = '', startNow = true }: { key?: string; startNow?: boolean } = {},
): void {
  const latest = useRef(task);
  latest.current = task;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `key` starts the polling over
  useEffect(() => {
    if (!enabled) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let running = false;
    const tick = async () => {
      clearTimeout(timer);
      if (running || controller.signal.aborted) return;
      if (document.visibilityState === 'visible') {
        running = true;
        await latest.current(controller.signal).catch(() => undefined);
        running = false;
      }
      if (!controller.signal.aborted) timer = setTimeout(tick, intervalMs);
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void tick();
    };
    document.addEventListener('visibilitychange', onVisible);
    if (startNow) void tick();
    else timer = setTimeout(tick, intervalMs);
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs, enabled, key, startNow]);
}
