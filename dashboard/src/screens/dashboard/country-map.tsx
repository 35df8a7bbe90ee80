import type { BreakdownRow } from '@footfall/contract';
import { MAX_BREAKDOWN_LIMIT } from '@footfall/contract/constants';
import { useEffect, useMemo, useState } from 'react';
import { ChunkFailed } from '../../components/route-error';
import { analyticsQuery } from '../../lib/analytics/analytics-search';
import { useChunk } from '../../lib/hooks/use-chunk';
import { useAnalyticsSource } from './analytics-source';
import { loadMap } from './lazy-charts';
import { useAnalyticsSearch } from './use-analytics-search';

/**
 * The world's proportions as the map draws them (Natural Earth without Antarctica), and its legend's height:
 * the skeleton takes the map's place at the same height, so nothing moves when the map arrives.
 */
const MAP_SKELETON_STYLE = { height: 'auto', aspectRatio: '2.3', marginBottom: '2rem' };

interface CountryMapProps {
  companyId: number;
  /** The panel's rows (the top countries), drawn until every country of the period has arrived. */
  rows: BreakdownRow[];
  onSelect: (code: string) => void;
}

/** The Countries panel's map view; its chunk is fetched the first time the view is chosen. */
export function CountryMap({ companyId, rows, onSelect }: CountryMapProps) {
  const map = useChunk(loadMap);
  const everyCountry = useEveryCountry(companyId);
  const shown = everyCountry ?? rows;
  // Stable rows keep the map's shading memoised while the pointer moves.
  const visitors = useMemo(() => shown.map((row) => ({ code: row.value, visitors: row.visitors })), [shown]);
  if (map.status === 'ready') return <map.module.WorldMap rows={visitors} onSelect={onSelect} />;
  if (map.status === 'failed') return <ChunkFailed onRetry={map.retry} />;
  return (
    <div className="chart-skeleton" style={MAP_SKELETON_STYLE} role="status" aria-label="Loading the map" />
  );
}

/**
 * The countries of the period and filters shown, as many as the API gives (the overview asks for the top
 * ten of each breakdown): fetched in the background, so the map shades every country with visitors.
 */
function useEveryCountry(companyId: number): BreakdownRow[] | undefined {
  const source = useAnalyticsSource(companyId);
  const { search } = useAnalyticsSearch();
  const query = analyticsQuery(search, { limit: MAX_BREAKDOWN_LIMIT, comparison: false });
  const key = JSON.stringify(query);
  const [countries, setCountries] = useState<{ key: string; rows: BreakdownRow[] }>();
  useEffect(() => {
    const controller = new AbortController();
    source
      .detail(JSON.parse(key), { background: true, signal: controller.signal })
      .then((detail) => setCountries({ key, rows: detail.breakdowns.countries }))
      // The top countries already drawn stay: the map is still right about them.
      .catch(() => undefined);
    return () => controller.abort();
  }, [source, key]);
  return countries?.key === key ? countries.rows : undefined;
}
