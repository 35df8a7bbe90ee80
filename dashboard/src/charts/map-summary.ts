import { countryName, formatCompact } from '@footfall/contract/format';

/** How many countries the map's label names before it counts the rest. */
const NAMED_COUNTRIES = 5;

export interface MapRow {
  /** ISO 3166-1 alpha-2. */
  code: string;
  visitors: number;
}

/** The rows with visitors, most first; ties keep their order. */
export function rankedRows(rows: readonly MapRow[]): MapRow[] {
  return rows.filter((row) => row.visitors > 0).sort((a, b) => b.visitors - a.visitors);
}

/**
 * The map's label for a screen reader, which cannot see the shades: "Visitors by country: United States 1.1k,
 * Germany 419, …, and 4 more". Countries too small to draw are named too: the label is about the data.
 */
export function worldMapSummary(rows: readonly MapRow[], locale?: string): string {
  const ranked = rankedRows(rows);
  if (ranked.length === 0) return 'Visitors by country: no data';
  const named = ranked
    .slice(0, NAMED_COUNTRIES)
    .map((row) => `${countryName(row.code)} ${formatCompact(row.visitors, locale)}`);
  const rest = ranked.length - named.length;
  return `Visitors by country: ${named.join(', ')}${rest > 0 ? `, and ${rest} more` : ''}`;
}
