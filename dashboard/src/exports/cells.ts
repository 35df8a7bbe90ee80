import {
  formatDuration,
  formatNumber,
  formatPercent,
  formatViewsPerVisit,
  formatWhen,
  NO_VALUE,
} from '@footfall/contract/format';
import type { ColumnKind, ExportCell } from './types';

// How a cell reads where it has to be text (PDF pages, column-width estimates). CSV and XLSX keep the
// numbers themselves and never go through here.

/** Whether the kind holds numbers, which line up on the right and keep their value in spreadsheets. */
export function isNumericKind(kind: ColumnKind): boolean {
  return kind !== 'text' && kind !== 'date';
}

/** A cell as text with the dashboard's formatters: `12,345`, `42%`, `3m 20s`, `1.5`. Empty is ''. */
export function displayCell(value: ExportCell, kind: ColumnKind): string {
  if (value === null) return '';
  if (typeof value === 'string') return value;
  switch (kind) {
    case 'integer':
      return formatNumber(value);
    case 'decimal':
      return formatViewsPerVisit(value);
    case 'percent':
      return formatPercent(value);
    case 'duration':
      return formatDuration(value);
    default:
      return Number.isFinite(value) ? String(value) : NO_VALUE;
  }
}

/** When a report was made, in the viewer's own time zone: `Nov 24, 2026, 2:03 PM`. */
export function formatGeneratedAt(date: Date): string {
  return formatWhen(date);
}
