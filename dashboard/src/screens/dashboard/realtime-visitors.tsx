import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useAnalyticsSource, useIsShared } from './analytics-source';

/** Seed: the dashboard's realtime visitors are read again every 30 seconds. */
export const COUNTER_REFRESH_MS = 30_000;

/**
 * Visitors in the last 5 minutes, refreshed every 30 s in the background (no full-page loader; a failed
 * refresh keeps the last figure and says it is stale). `initial` is the figure of the loaded answer. For
 * the site's team it opens the realtime view; a shared link's pages have none.
 */
export function RealtimeVisitors({ companyId, initial }: { companyId: number; initial: number }) {
  const [visitors, setVisitors] = useState(initial);
  const [stale, setStale] = useState(false);
  const source = useAnalyticsSource(companyId);
  const isShared = useIsShared();

  useEffect(() => setVisitors(initial), [initial]);
  useEffect(() => {
    const controller = new AbortController();
    const refresh = () =>
      source
        // The smallest answer that carries the realtime figure (it ignores filters and periods).
        .detail({ period: 'today', limit: 1 }, { background: true, signal: controller.signal })
        .then((data) => {
          setVisitors(data.realtime.visitors);
          setStale(false);
        })
        .catch(() => {
          if (!controller.signal.aborted) setStale(true);
        });
    const timer = setInterval(refresh, COUNTER_REFRESH_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [source]);

  const figure = (
    <>
      <span className="realtime-dot" aria-hidden="true" />
      <strong className="num">{visitors}</strong> {visitors === 1 ? 'current visitor' : 'current visitors'}
    </>
  );
  return (
    <p className={visitors > 0 ? 'realtime is-live' : 'realtime'} aria-live="polite" data-testid="realtime">
      {isShared ? (
        figure
      ) : (
        <Link
          to="/dashboard/$company_id/realtime"
          params={{ company_id: companyId }}
          className="realtime-link"
          title="Open the realtime view"
        >
          {figure}
        </Link>
      )}
      {stale ? <span className="muted small"> (not updated, retrying)</span> : null}
    </p>
  );
}
