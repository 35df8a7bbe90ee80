import type { AnalyticsDetail, Breakdown, BreakdownRow } from '@footfall/contract';
import { BREAKDOWNS } from '@footfall/contract/constants';
import { countryName } from '@footfall/contract/format';
import { BREAKDOWN_INFO, languageName } from '../lib/analytics/breakdowns';
import type { ExportColumn, ExportTable } from './types';

// One table per breakdown of the analytics answer, named as the screens name them (lib/analytics/breakdowns.ts).

/** The second count a breakdown carries besides visitors (docs/api.md "Analytics"). */
type SecondMetric = 'pageviews' | 'events' | 'visits';

interface BreakdownTable {
  name: Breakdown;
  title: string;
  /** What the row's value is, as the first column's header. */
  label: string;
  metric: SecondMetric;
  /** Codes shown by their English names, with the code kept in a column of its own. */
  names?: (code: string) => string;
}

/** Codes shown by their English names in reports, with the code kept in a column of its own. */
const NAMES: Partial<Record<Breakdown, (code: string) => string>> = {
  countries: countryName,
  languages: languageName,
};

function specOf(breakdown: Breakdown): BreakdownTable {
  const info = BREAKDOWN_INFO[breakdown];
  const names = NAMES[breakdown];
  return {
    name: breakdown,
    title: info.title,
    label: info.column,
    metric: info.count,
    ...(names ? { names } : {}),
  };
}

const METRIC_LABELS: Record<SecondMetric, string> = {
  pageviews: 'Pageviews',
  events: 'Events',
  visits: 'Visits',
};

/**
 * Every breakdown's values come from what visitors' browsers sent: paths, referrers, UTM tags and event
 * names as they are, browsers and systems read from the user agent, languages and the names made from them.
 */
function columns(spec: BreakdownTable): ExportColumn[] {
  const value: ExportColumn[] = spec.names
    ? [
        { key: 'name', label: spec.label, kind: 'text', fromVisitors: true },
        { key: 'value', label: 'Code', kind: 'text', fromVisitors: true },
      ]
    : [{ key: 'value', label: spec.label, kind: 'text', fromVisitors: true }];
  return [
    ...value,
    { key: 'visitors', label: 'Visitors', kind: 'integer' },
    { key: spec.metric, label: METRIC_LABELS[spec.metric], kind: 'integer' },
  ];
}

function table(spec: BreakdownTable, rows: readonly BreakdownRow[]): ExportTable {
  return {
    name: spec.name,
    title: spec.title,
    columns: columns(spec),
    rows: rows.map((row) => ({
      ...(spec.names ? { name: spec.names(row.value) } : {}),
      value: row.value,
      visitors: row.visitors,
      [spec.metric]: row[spec.metric] ?? null,
    })),
  };
}

/** Every breakdown as a table, empty ones included, so exports of any period have the same layout. */
export function breakdownTables(breakdowns: AnalyticsDetail['breakdowns']): ExportTable[] {
  return BREAKDOWNS.map((name) => table(specOf(name), breakdowns[name] ?? []));
}
