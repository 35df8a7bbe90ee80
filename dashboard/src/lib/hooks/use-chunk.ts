import { useCallback, useEffect, useState } from 'react';

type ChunkState<T> =
  | { status: 'loading' }
  | { status: 'ready'; module: T }
  | { status: 'failed'; error: unknown };

/**
 * A lazy part inside a screen (the charts): its module once loaded, or the failure, with a retry. `load` is a
 * `chunkLoader`, so the chunk arrives once per page and a failure or a 120-second wait is a ChunkLoadError.
 */
export function useChunk<T>(load: () => Promise<T>): ChunkState<T> & { retry: () => void } {
  const [state, setState] = useState<ChunkState<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    // A retry starts from the loading state again.
    if (attempt > 0) setState({ status: 'loading' });
    load().then(
      (module) => current && setState({ status: 'ready', module }),
      (error: unknown) => current && setState({ status: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [load, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { ...state, retry };
}
