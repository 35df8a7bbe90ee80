import { downloadBlob } from './download';
import type { ColumnKind, ExportCell, ExportColumn, ExportTable } from './types';

// One table as a CSV file, RFC 4180: a header row, then one record per row, fields separated by commas,
// records ended by CRLF, a field quoted when it holds a quote, a separator or a line break, and quotes
// inside doubled. It is made for programs as much as for people: headers are snake_case names with their
// unit (`bounce_rate_percent`), and numbers are bare (`1234.5`, never `1,234.5` or `53%`).

/** Excel reads a CSV file as the system's legacy code page unless it starts with a UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';

const CRLF = '\r\n';

/** Spreadsheets run a cell that starts with one of these as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Quoting also covers `;`, the separator Excel uses in locales with a decimal comma. */
const NEEDS_QUOTES = /[",;\r\n]/;

const UNIT_SUFFIXES: Partial<Record<ColumnKind, string>> = { percent: '_percent', duration: '_seconds' };

/**
 * A label as a field name: lower-case ASCII words joined by `_`, with the unit of a percentage or a
 * duration after them, since the numbers themselves carry none: `Bounce rate` → `bounce_rate_percent`.
 */
export function fieldName(label: string, kind: ColumnKind = 'text'): string {
  const words = label
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (words || 'value') + (UNIT_SUFFIXES[kind] ?? '');
}

function quoted(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A visitor's text that a spreadsheet would run as a formula gets a leading apostrophe, which makes it
 * plain text (OWASP's advice). Our own text and numbers are written as they are: a negative number stays
 * a number, and a change of `-3` is not mangled into `'-3`.
 */
function defused(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

function field(value: ExportCell | undefined, column: ExportColumn): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return quoted(column.fromVisitors ? defused(value) : value);
}

/** The CSV text of `table`: the BOM, the header row, the records, each ended by CRLF. */
export function toCsv(table: ExportTable): string {
  const header = table.columns.map((column) => quoted(fieldName(column.label, column.kind)));
  const records = table.rows.map((row) => table.columns.map((column) => field(row[column.key], column)));
  return CSV_BOM + [header, ...records].map((record) => record.join(',') + CRLF).join('');
}

export function csvBlob(table: ExportTable): Blob {
  return new Blob([toCsv(table)], { type: 'text/csv;charset=utf-8' });
}

/** Downloads `table` as a CSV file. */
export function exportCsv(table: ExportTable, filename: string): void {
  downloadBlob(csvBlob(table), filename);
}
