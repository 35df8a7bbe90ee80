import writeXlsxFile, { type CellObject, type Row, type Sheet } from 'write-excel-file/universal';
import { displayCell, formatGeneratedAt } from './cells';
import { downloadBlob } from './download';
import { sheetNames } from './sheet-names';
import type { ExportReport, ExportTable } from './types';
import { columnWidth, headerCell, shownText, xlsxCell } from './xlsx-cells';

// The XLSX export: a Summary sheet (title, range, filters, headline figures), then one sheet per table.
// The `universal` build of write-excel-file makes a Blob in browsers and in Node alike, so the tests
// read back exactly what users download.

type XlsxSheet = Sheet<Blob>;

const EMPTY_ROW: Row = [null];

function bold(value: string, fontSize?: number): CellObject {
  return fontSize
    ? { value, type: String, fontWeight: 'bold', fontSize }
    : { value, type: String, fontWeight: 'bold' };
}

function filterRows(report: ExportReport): Row[] {
  if (report.filters.length === 0) return [['None']];
  return report.filters.map(({ label, value }) => [label, value]);
}

function figureRows(report: ExportReport): Row[] {
  const compared = report.summary.some((figure) => figure.previous !== undefined);
  const head = ['Metric', 'Value', ...(compared ? ['Previous period', 'Change'] : [])];
  const kinds = ['text', 'integer', 'integer', 'text'] as const;
  return [
    head.map((label, index) => headerCell(label, kinds[index])),
    ...report.summary.map((figure) => [
      figure.label,
      xlsxCell(figure.value, figure.kind),
      ...(compared ? [xlsxCell(figure.previous, figure.kind), figure.change ?? null] : []),
    ]),
  ];
}

function summaryWidths(report: ExportReport): { width: number }[] {
  const labels = [
    'Generated',
    ...report.filters.map((filter) => filter.label),
    ...report.summary.map((f) => f.label),
  ];
  const values = [
    ...report.filters.map((filter) => filter.value),
    ...report.summary.map((f) => displayCell(f.value, f.kind)),
  ];
  const previous = report.summary.map((f) => displayCell(f.previous ?? null, f.kind));
  const changeWidth = columnWidth(['Change']);
  return [
    columnWidth(labels),
    columnWidth(values),
    columnWidth(['Previous period', ...previous]),
    changeWidth,
  ].map((width) => ({ width }));
}

/** The Summary sheet's rows: what the report is, when it was made, its filters and its figures. */
export function summarySheetData(report: ExportReport): Row[] {
  return [
    [bold(report.title, 14)],
    [report.subtitle],
    ['Generated', formatGeneratedAt(report.generatedAt)],
    EMPTY_ROW,
    [bold('Filters')],
    ...filterRows(report),
    EMPTY_ROW,
    ...figureRows(report),
  ];
}

/** A table's rows: a bold header, then one row per record with numbers kept as numbers. */
export function tableSheetData(table: ExportTable): Row[] {
  return [
    table.columns.map((column) => headerCell(column.label, column.kind)),
    ...table.rows.map((row) => table.columns.map((column) => xlsxCell(row[column.key], column.kind))),
  ];
}

function tableWidths(table: ExportTable): { width: number }[] {
  return table.columns.map((column) => ({
    width: columnWidth([column.label, ...table.rows.map((row) => shownText(row[column.key], column.kind))]),
  }));
}

/** The workbook's sheets, named validly and uniquely from the titles. */
export function xlsxSheets(report: ExportReport): XlsxSheet[] {
  const names = sheetNames(['Summary', ...report.tables.map((table) => table.title)]);
  const summary: XlsxSheet = {
    sheet: names[0],
    data: summarySheetData(report),
    columns: summaryWidths(report),
  };
  const tables = report.tables.map(
    (table, index): XlsxSheet => ({
      sheet: names[index + 1],
      data: tableSheetData(table),
      columns: tableWidths(table),
      // The header stays in view while scrolling a long table.
      stickyRowsCount: 1,
    }),
  );
  return [summary, ...tables];
}

/**
 * Rejects as soon as the page's Content-Security-Policy blocks a worker made from a `blob:` URL. The zip
 * library deflates any file over 160 kB (a sheet of a few thousand rows) in such a worker and, when the
 * policy blocks it, never calls back: without this guard the export would wait forever. Allowing
 * `worker-src 'self' blob:` in the policy lets those workbooks through.
 */
function failOnBlockedWorker<T>(work: Promise<T>): Promise<T> {
  if (typeof document === 'undefined') return work;
  return new Promise<T>((resolve, reject) => {
    const stopListening = () => document.removeEventListener('securitypolicyviolation', onViolation);
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (!event.blockedURI.startsWith('blob')) return;
      stopListening();
      reject(new Error('The spreadsheet is too large to be compressed under this site’s security policy'));
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    work.then(resolve, reject).finally(stopListening);
  });
}

/** The report as an XLSX file. */
export function xlsxBlob(report: ExportReport): Promise<Blob> {
  return failOnBlockedWorker(writeXlsxFile(xlsxSheets(report)).toBlob());
}

/** Downloads the report as an XLSX workbook. */
export async function exportXlsx(report: ExportReport, filename: string): Promise<void> {
  downloadBlob(await xlsxBlob(report), filename);
}
