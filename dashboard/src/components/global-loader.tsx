import { useSelector } from '@tanstack/react-store';
import { authStore } from '../app/services';

/**
 * The full-page loader of docs/architecture.md "The dashboard": on while any foreground request is in flight, with their count
 * (`apiCount`). It fades in after a moment, so quick requests do not flash it.
 */
export function GlobalLoader() {
  const { globalLoader, apiCount } = useSelector(
    authStore,
    (state) => ({
      globalLoader: state.globalLoader,
      apiCount: state.apiCount,
    }),
    { compare: (a, b) => a.globalLoader === b.globalLoader && a.apiCount === b.apiCount },
  );
  if (!globalLoader) return null;
  return (
    <div className="global-loader" role="status" aria-live="polite" data-api-count={apiCount}>
      <div className="global-loader-box">
        <span className="spinner" aria-hidden="true" />
        <span>
          Loading…{' '}
          <span className="muted">
            ({apiCount} {apiCount === 1 ? 'request' : 'requests'})
          </span>
        </span>
      </div>
    </div>
  );
}
