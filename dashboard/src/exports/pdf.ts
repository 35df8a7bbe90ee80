import { jsPDF } from 'jspdf';
import { downloadBlob } from './download';
import { contentWidth, ensureSpace, MARGIN, type PdfCursor, writeFooters } from './pdf-page';
import { writeHeading, writeSummary } from './pdf-summary';
import { writeTable } from './pdf-table';
import { toWinAnsi } from './pdf-text';
import { svgToPngBlob } from './png';
import type { ExportReport } from './types';

// The PDF report on A4: heading, summary cards, the chart, then every table with all its rows. Text uses
// jsPDF's built-in Helvetica, which only draws WinAnsi characters (see pdf-text.ts).

export interface PdfOptions {
  /** The chart as PNG bytes, already rasterised; {@link exportPdf} makes it from `report.chart`. */
  chartPng?: Uint8Array;
}

/** The chart's largest height on the page, so a tall chart leaves room for the tables after it. */
const CHART_MAX_HEIGHT = 280;

function writeChart(cursor: PdfCursor, png: Uint8Array): void {
  const { doc } = cursor;
  const { width, height } = doc.getImageProperties(png);
  const scale = Math.min(contentWidth(doc) / width, CHART_MAX_HEIGHT / height);
  const shownWidth = width * scale;
  const shownHeight = height * scale;
  ensureSpace(cursor, shownHeight);
  const x = MARGIN + (contentWidth(doc) - shownWidth) / 2;
  // The image keeps all its pixels (2× the chart's size on screen), so it stays sharp when zoomed.
  doc.addImage(png, 'PNG', x, cursor.y, shownWidth, shownHeight, undefined, 'FAST');
  cursor.y += shownHeight + 16;
}

/** The report as a jsPDF document, ready to be written out. Runs in browsers and in Node. */
export function pdfDocument(report: ExportReport, options: PdfOptions = {}): jsPDF {
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true });
  doc.setProperties({
    title: toWinAnsi(report.title),
    subject: toWinAnsi(report.subtitle),
    creator: 'Footfall',
  });
  const cursor: PdfCursor = { doc, y: MARGIN };
  writeHeading(cursor, report);
  writeSummary(cursor, report.summary);
  if (options.chartPng) writeChart(cursor, options.chartPng);
  for (const table of report.tables) writeTable(cursor, table);
  writeFooters(doc, report.title);
  return doc;
}

/** The report's PDF file as bytes. */
export function pdfBytes(report: ExportReport, options: PdfOptions = {}): ArrayBuffer {
  return pdfDocument(report, options).output('arraybuffer');
}

/** Downloads the report as a PDF, with the chart rasterised at 2× from `report.chart` when there is one. */
export async function exportPdf(report: ExportReport, filename: string): Promise<void> {
  const chartPng = report.chart
    ? new Uint8Array(await (await svgToPngBlob(report.chart, { scale: 2 })).arrayBuffer())
    : undefined;
  const blob = pdfDocument(report, chartPng ? { chartPng } : {}).output('blob');
  downloadBlob(blob, filename);
}
