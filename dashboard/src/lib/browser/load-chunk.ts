// Lazy parts of the app (route screens, charts, export libraries) arrive as separate chunks. The seed gives a
// lazy part 120 seconds; one that fails or takes longer is reported as "Loading chunk failed" with a retry.

/** How long a lazy part may take to arrive before it counts as failed (docs/architecture.md "The dashboard"). */
export const CHUNK_TIMEOUT_MS = 120_000;

/** The message shown for any lazy part that failed to load (docs/architecture.md "The dashboard"). */
export const CHUNK_FAILED_MESSAGE = 'Loading chunk failed';

/** A lazy part that could not be loaded: the network failed, the server answered an error, or time ran out. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  readonly reason: 'failed' | 'timeout';

  constructor(reason: 'failed' | 'timeout', cause?: unknown) {
    super(CHUNK_FAILED_MESSAGE, { cause });
    this.reason = reason;
  }
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

/**
 * Runs `importer` (a dynamic `import()`) and settles with its module, or rejects with a ChunkLoadError when
 * it fails or has not settled within `timeoutMs`. Each call imports afresh, so calling it again is a retry.
 */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('timeout')), timeoutMs);
    importer().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('failed', cause));
      },
    );
  });
}

/**
 * A loader that remembers its module once it has arrived, and forgets a failure so the next call retries.
 * Components and export functions share one instance per chunk, so a chunk is fetched at most once.
 */
export function chunkLoader<T>(importer: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= loadChunk(importer).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
