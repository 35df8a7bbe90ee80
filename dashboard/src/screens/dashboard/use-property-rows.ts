import type { BreakdownRow } from '@footfall/contract';
import { useEffect, useState } from 'react';
import type { Query } from '../../api/client';
import { useAnalyticsSource } from './analytics-source';

/** What a background question about properties has answered so far. */
export type PropertyRows =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; rows: BreakdownRow[] }
  | { status: 'failed' };

/**
 * The property keys (`prop_keys`) or one key's values (`props`) that `query` asks the analytics detail for,
 * fetched in the background from the screen's source (a shared link's pages ask through the link), again
 * whenever the query changes; idle without a query.
 */
export function usePropertyRows(
  companyId: number,
  query: Query | undefined,
  list: 'prop_keys' | 'props',
): PropertyRows {
  const source = useAnalyticsSource(companyId);
  const key = query === undefined ? undefined : JSON.stringify(query);
  const [answer, setAnswer] = useState<{ key: string; rows: PropertyRows }>();
  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    source
      .detail(JSON.parse(key), { background: true, signal: controller.signal })
      .then((detail) => setAnswer({ key, rows: { status: 'ready', rows: detail.breakdowns[list] ?? [] } }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ key, rows: { status: 'failed' } });
      });
    return () => controller.abort();
  }, [source, key, list]);
  if (key === undefined) return { status: 'idle' };
  return answer?.key === key ? answer.rows : { status: 'loading' };
}
