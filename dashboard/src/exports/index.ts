import { chunkLoader } from '../lib/browser/load-chunk';
import type { PngFrame, PngOptions } from './png';
import type { ExportReport, ExportTable } from './types';

// What screens import for exports. It stays tiny: each format's code, and the library behind it
// (fflate, write-excel-file, jsPDF), arrives as its own lazy chunk when its button is first used, through
// the shared loader that turns a failure or a 120-second wait into "Loading chunk failed".

export { exportFilename, filtersLabel } from './filename';
export type { PngFrame, PngOptions } from './png';
export { type AnalyticsReportOptions, reportFromAnalytics } from './report-from-analytics';
export { apiUsageTable } from './report-from-api-usage';
export type {
  ColumnKind,
  DateRange,
  ExportCell,
  ExportColumn,
  ExportFilter,
  ExportReport,
  ExportTable,
  FigureKind,
  SummaryFigure,
} from './types';

export type ExportFormat = 'csv' | 'xlsx' | 'pdf' | 'png';

const loaders = {
  // The detail screen's CSV button: a zip of CSV files.
  csv: chunkLoader(() => import('./csv-zip')),
  xlsx: chunkLoader(() => import('./xlsx')),
  pdf: chunkLoader(() => import('./pdf')),
  png: chunkLoader(() => import('./png')),
};
/** One CSV file, without the zip writer. */
const loadCsv = chunkLoader(() => import('./csv'));

/** Starts fetching a format's code ahead of a click (on hover or focus of its button); the click reports errors. */
export function preloadExport(format: ExportFormat): void {
  loaders[format]().catch(() => undefined);
}

/** Downloads one table as a UTF-8 CSV file. */
export async function exportCsv(table: ExportTable, filename: string): Promise<void> {
  (await loadCsv()).exportCsv(table, filename);
}

/** Downloads the report as a zip of CSV files, one per table, the summary first. */
export async function exportCsvZip(report: ExportReport, filename: string): Promise<void> {
  (await loaders.csv()).exportCsvZip(report, filename);
}

/** Downloads the report as an XLSX workbook: a Summary sheet, then a sheet per table. */
export async function exportXlsx(report: ExportReport, filename: string): Promise<void> {
  await (await loaders.xlsx()).exportXlsx(report, filename);
}

/** Downloads the report as an A4 PDF, with `report.chart` as an image when it is set. */
export async function exportPdf(report: ExportReport, filename: string): Promise<void> {
  await (await loaders.pdf()).exportPdf(report, filename);
}

/** Downloads a chart, framed with its title, period, filters and legend, as a PNG at twice its size. */
export async function exportPng(svg: SVGSVGElement, frame: PngFrame, filename: string): Promise<void> {
  await (await loaders.png()).exportPng(svg, frame, filename);
}

/** A chart as a PNG Blob, for callers that do something else with it than download it. */
export async function svgToPngBlob(svg: SVGSVGElement, options?: PngOptions): Promise<Blob> {
  return (await loaders.png()).svgToPngBlob(svg, options);
}
