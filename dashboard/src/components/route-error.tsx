import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { isApiError } from '../api/api-error';
import { CHUNK_FAILED_MESSAGE, isChunkLoadError } from '../lib/browser/load-chunk';

/**
 * Refusals whose alert already says everything and leads elsewhere (docs/architecture.md "The dashboard"): a 403 goes on to the
 * reader's own dashboard, a 401 signs them out. A second message under the alert, with a retry that can
 * only fail again, would contradict it.
 */
function isLeadingElsewhere(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 403);
}

/** The router's error view: "Loading chunk failed" with a retry for lazy parts, else what went wrong. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  if (isChunkLoadError(error)) return <ChunkFailed onRetry={retry} />;
  if (isLeadingElsewhere(error)) return <section className="container page" aria-busy="true" />;
  return (
    <section className="container page">
      <div className="narrow error-panel" role="alert">
        <h1>This page could not be shown</h1>
        <p className="muted">{error instanceof Error ? error.message : String(error)}</p>
        <button type="button" className="button button-primary" onClick={retry}>
          Try again
        </button>
      </div>
    </section>
  );
}

/** What a lazy part that failed to arrive shows in its place (docs/architecture.md "The dashboard"). */
export function ChunkFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="chunk-failed" role="alert">
      <p>
        <strong>{CHUNK_FAILED_MESSAGE}</strong>
        <span className="muted"> — check your connection, then retry.</span>
      </p>
      <button type="button" className="button" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
