import type { Realtime } from '@footfall/contract';
import { REALTIME_REFRESH_MS } from '@footfall/contract/constants';
import { useEffect, useState } from 'react';
import { getRealtime } from '../../api/analytics';
import { http } from '../../app/services';
import { usePolling } from '../../lib/hooks/use-polling';

export function fetchRealtime(
  companyId: number,
  options: { signal?: AbortSignal; background?: boolean } = {},
) {
  return getRealtime(http, companyId, options).then((answer) => answer.data);
}

export interface LiveRealtime {
  realtime: Realtime;
  /** The last refresh failed: the figures are those of `realtime.at`, and the next refresh retries. */
  stale: boolean;
}

/**
 * The realtime view, asked again every {@link REALTIME_REFRESH_MS} in the background while the page is
 * visible (no full-page loader; a hidden tab asks nothing). One request at a time; leaving the page
 * cancels the one in flight. A failed refresh keeps the last figures and says they are stale.
 */
export function useRealtime(companyId: number, initial: Realtime): LiveRealtime {
  const [live, setLive] = useState<LiveRealtime>({ realtime: initial, stale: false });
  useEffect(() => setLive({ realtime: initial, stale: false }), [initial]);
  usePolling(
    async (signal) => {
      try {
        const realtime = await fetchRealtime(companyId, { background: true, signal });
        if (!signal.aborted) setLive({ realtime, stale: false });
      } catch {
        if (!signal.aborted) setLive((previous) => ({ ...previous, stale: true }));
      }
    },
    REALTIME_REFRESH_MS,
    true,
    { key: String(companyId), startNow: false },
  );
  return live;
}
