import { useEffect, useRef } from 'react';

/**
 * Runs `task` now and then every `intervalMs` while the page is visible, never two at once; a hidden tab
 * stops polling and catches up when shown again. `task` gets a signal aborted on unmount.
 */
export function usePolling(
  task: (signal: AbortSignal) => Promise<void>,
  intervalMs: number,
  enabled = true,
): void {
  const latest = useRef(task);
  latest.current = task;

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
    void tick();
    return () => {
      controller.abort();
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [intervalMs, enabled]);
}
