import type { jsPDF } from 'jspdf';
import { displayCell, isNumericKind } from './cells';
import {
  COLORS,
  contentWidth,
  ensureSpace,
  MARGIN,
  type PdfCursor,
  setStyle,
  writeParagraph,
} from './pdf-page';
import { fitText, toWinAnsi } from './pdf-text';
import type { ExportColumn, ExportTable } from './types';

// A table of the PDF report: its title, a shaded header, then rows with numbers on the right. A table
// that runs past the page goes on at the top of the next one, its title and header repeated there.

/** Rows a table shows in the PDF; the CSV and XLSX exports carry every row. */
export const DEFAULT_MAX_ROWS = 25;

const TITLE_SIZE = 12;
const TITLE_HEIGHT = 22;
const FONT_SIZE = 8.5;
const HEADER_HEIGHT = 17;
const ROW_HEIGHT = 15;
const PADDING = 5;
const MIN_TEXT_WIDTH = 48;
/** Count columns are at least this wide, so short counts do not crowd against each other. */
const MIN_NUMBER_WIDTH = 56;

type Row = ExportTable['rows'][number];

function naturalWidth(doc: jsPDF, column: ExportColumn, rows: readonly Row[]): number {
  setStyle(doc, { size: FONT_SIZE, bold: true });
  let widest = doc.getTextWidth(toWinAnsi(column.label));
  setStyle(doc, { size: FONT_SIZE });
  for (const row of rows) {
    widest = Math.max(widest, doc.getTextWidth(toWinAnsi(displayCell(row[column.key] ?? null, column.kind))));
  }
  const width = widest + 2 * PADDING;
  return isNumericKind(column.kind) ? Math.max(width, MIN_NUMBER_WIDTH) : width;
}

/**
 * Each column's width: numbers and dates get what they need; text columns share the rest in proportion
 * to their longest cell, and are cut with an ellipsis when that is not enough. Spare room goes to the
 * first text column, so the counts sit together on the right.
 */
function columnWidths(doc: jsPDF, table: ExportTable, rows: readonly Row[]): number[] {
  const available = contentWidth(doc);
  const natural = table.columns.map((column) => Math.min(naturalWidth(doc, column, rows), available));
  const isText = table.columns.map((column) => column.kind === 'text');
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) {
    const growing = Math.max(isText.indexOf(true), 0);
    return natural.map((width, index) => (index === growing ? width + available - total : width));
  }
  const fixed = natural.reduce((sum, width, index) => sum + (isText[index] ? 0 : width), 0);
  const textTotal = total - fixed;
  const room = Math.max(available - fixed, MIN_TEXT_WIDTH * isText.filter(Boolean).length);
  return natural.map((width, index) =>
    isText[index] ? Math.max(MIN_TEXT_WIDTH, (width * room) / textTotal) : width,
  );
}

function writeCells(
  cursor: PdfCursor,
  texts: readonly string[],
  columns: readonly ExportColumn[],
  widths: readonly number[],
  height: number,
): void {
  let x = MARGIN;
  texts.forEach((text, index) => {
    const width = widths[index] ?? 0;
    const right = isNumericKind(columns[index]?.kind ?? 'text');
    const shown = fitText(cursor.doc, text, width - 2 * PADDING);
    const textX = right ? x + width - PADDING : x + PADDING;
    cursor.doc.text(shown, textX, cursor.y + height / 2, {
      baseline: 'middle',
      align: right ? 'right' : 'left',
    });
    x += width;
  });
}

function writeTitle(cursor: PdfCursor, title: string): void {
  setStyle(cursor.doc, { size: TITLE_SIZE, bold: true });
  cursor.doc.text(fitText(cursor.doc, title, contentWidth(cursor.doc)), MARGIN, cursor.y + TITLE_SIZE);
  cursor.y += TITLE_HEIGHT;
}

function writeHeader(
  cursor: PdfCursor,
  table: ExportTable,
  widths: readonly number[],
  continued: boolean,
): void {
  const { doc } = cursor;
  writeTitle(cursor, continued ? `${table.title} (continued)` : table.title);
  doc.setFillColor(COLORS.headerFill);
  doc.rect(MARGIN, cursor.y, contentWidth(doc), HEADER_HEIGHT, 'F');
  setStyle(doc, { size: FONT_SIZE, bold: true });
  writeCells(
    cursor,
    table.columns.map((column) => column.label),
    table.columns,
    widths,
    HEADER_HEIGHT,
  );
  cursor.y += HEADER_HEIGHT;
}

function writeRow(cursor: PdfCursor, table: ExportTable, row: Row, widths: readonly number[]): void {
  const { doc } = cursor;
  setStyle(doc, { size: FONT_SIZE });
  const texts = table.columns.map((column) => displayCell(row[column.key] ?? null, column.kind));
  writeCells(cursor, texts, table.columns, widths, ROW_HEIGHT);
  doc.setDrawColor(COLORS.rule);
  doc.line(MARGIN, cursor.y + ROW_HEIGHT, MARGIN + contentWidth(doc), cursor.y + ROW_HEIGHT);
  cursor.y += ROW_HEIGHT;
}

/** Writes `table` from the cursor down, its first `maxRows` rows, saying so when there are more. */
export function writeTable(cursor: PdfCursor, table: ExportTable, maxRows = DEFAULT_MAX_ROWS): void {
  const rows = table.rows.slice(0, maxRows);
  // A title is never left alone at the foot of a page: it moves on with its header and first rows.
  ensureSpace(cursor, TITLE_HEIGHT + HEADER_HEIGHT + ROW_HEIGHT * Math.min(rows.length, 3));
  if (rows.length === 0) {
    writeTitle(cursor, table.title);
    writeParagraph(cursor, 'No data for this period.', { size: 9, color: COLORS.muted }, 14);
    return;
  }
  const widths = columnWidths(cursor.doc, table, rows);
  writeHeader(cursor, table, widths, false);
  for (const row of rows) {
    if (ensureSpace(cursor, ROW_HEIGHT)) writeHeader(cursor, table, widths, true);
    writeRow(cursor, table, row, widths);
  }
  cursor.y += 6;
  if (table.rows.length > rows.length) {
    const note = `The first ${rows.length} of ${table.rows.length} rows; the CSV and XLSX exports have them all.`;
    writeParagraph(cursor, note, { size: 8, color: COLORS.muted }, 0);
  }
  cursor.y += 14;
}
