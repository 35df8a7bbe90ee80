import { downloadBlob } from './download';
import type { ExportCell, ExportColumn, ExportTable } from './types';

// CSV as RFC 4180 describes it: fields separated by commas, records ended by CRLF, a field quoted when it
// holds a quote, a separator or a line break, and quotes inside doubled.
//
// One table is one plain rectangle (a header, then the rows) that any tool imports. Several tables share a
// file the way spreadsheet users expect to read them: each starts with a line holding its title, and an
// empty line separates one table from the next.

/** Excel reads a CSV file as the system's legacy code page unless it starts with a UTF-8 byte-order mark. */
export const CSV_BOM = '\uFEFF';

const CRLF = '\r\n';

/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection), so text cells that
 * do are written with a leading apostrophe, which makes them plain text. Numbers are never touched: a
 * negative number stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Quoting also covers `;`, the separator Excel uses in locales with a decimal comma. */
const NEEDS_QUOTES = /[",;\r\n]/;

function escapeText(text: string): string {
  const safe = FORMULA_START.test(text) ? `'${text}` : text;
  return NEEDS_QUOTES.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function field(value: ExportCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  return escapeText(value);
}

/** A header names its unit where the bare number would be ambiguous: `Bounce rate (%)`. */
function header(column: ExportColumn): string {
  if (column.kind === 'percent') return `${column.label} (%)`;
  if (column.kind === 'duration') return `${column.label} (seconds)`;
  return column.label;
}

function tableLines(table: ExportTable): string[] {
  const head = table.columns.map((column) => escapeText(header(column))).join(',');
  const rows = table.rows.map((row) => table.columns.map((column) => field(row[column.key])).join(','));
  return [head, ...rows];
}

/** The CSV text of one table, or of several (see the layout above), with the BOM and a final CRLF. */
export function toCsv(tables: ExportTable | readonly ExportTable[]): string {
  const list: readonly ExportTable[] = Array.isArray(tables) ? tables : [tables as ExportTable];
  if (list.length === 1 && list[0]) return CSV_BOM + tableLines(list[0]).join(CRLF) + CRLF;
  const blocks = list.map((table) => [escapeText(table.title), ...tableLines(table)].join(CRLF) + CRLF);
  return CSV_BOM + blocks.join(CRLF);
}

export function csvBlob(tables: ExportTable | readonly ExportTable[]): Blob {
  return new Blob([toCsv(tables)], { type: 'text/csv;charset=utf-8' });
}

/** Downloads `tables` as one CSV file. */
export function exportCsv(tables: ExportTable | readonly ExportTable[], filename: string): void {
  downloadBlob(csvBlob(tables), filename);
}
