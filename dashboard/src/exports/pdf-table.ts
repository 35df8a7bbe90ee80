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

// A table of the PDF report: its title, a shaded header, then every row, numbers on the right. A table
// that runs past the page goes on at the top of the next one, its title and header repeated there.

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

/** The width `column` needs to show every cell of `rows` whole, padding included. */
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
 * Room for the text columns that do not all fit: each column whose content needs less than an even share
 * of what is left gets what it needs, smallest first, and the wider ones split the rest evenly. So a code
 * or a host name is never cut because a long path shares its table; only the long values are.
 */
function shareRoom(natural: readonly number[], room: number): number[] {
  const widths = [...natural];
  const order = natural.map((_, index) => index).sort((a, b) => (natural[a] ?? 0) - (natural[b] ?? 0));
  let left = room;
  order.forEach((index, rank) => {
    const share = Math.max(left / (order.length - rank), MIN_TEXT_WIDTH);
    widths[index] = Math.min(natural[index] ?? 0, share);
    left -= widths[index] ?? 0;
  });
  return widths;
}

/**
 * Each column's width: numbers and dates get what they need, and text columns too when everything fits,
 * the spare room going to the first text column so the counts sit together on the right. Otherwise the
 * text columns share the rest (see {@link shareRoom}), and a value wider than its column is cut with an
 * ellipsis.
 */
function columnWidths(doc: jsPDF, table: ExportTable): number[] {
  const available = contentWidth(doc);
  const natural = table.columns.map((column) => Math.min(naturalWidth(doc, column, table.rows), available));
  const isText = table.columns.map((column) => column.kind === 'text');
  const total = natural.reduce((sum, width) => sum + width, 0);
  if (total <= available) {
    const growing = Math.max(isText.indexOf(true), 0);
    return natural.map((width, index) => (index === growing ? width + available - total : width));
  }
  const fixed = natural.reduce((sum, width, index) => sum + (isText[index] ? 0 : width), 0);
  const textIndexes = isText.flatMap((text, index) => (text ? [index] : []));
  const shared = shareRoom(
    textIndexes.map((index) => natural[index] ?? 0),
    available - fixed,
  );
  const widths = [...natural];
  textIndexes.forEach((index, rank) => {
    widths[index] = shared[rank] ?? MIN_TEXT_WIDTH;
  });
  return widths;
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

/** Writes all of `table` from the cursor down, over as many pages as it takes. */
export function writeTable(cursor: PdfCursor, table: ExportTable): void {
  const { rows } = table;
  // A title is never left alone at the foot of a page: it moves on with its header and first rows.
  ensureSpace(cursor, TITLE_HEIGHT + HEADER_HEIGHT + ROW_HEIGHT * Math.min(rows.length, 3));
  if (rows.length === 0) {
    writeTitle(cursor, table.title);
    writeParagraph(cursor, 'No data for this period.', { size: 9, color: COLORS.muted }, 14);
    return;
  }
  const widths = columnWidths(cursor.doc, table);
  writeHeader(cursor, table, widths, false);
  for (const row of rows) {
    if (ensureSpace(cursor, ROW_HEIGHT)) writeHeader(cursor, table, widths, true);
    writeRow(cursor, table, row, widths);
  }
  cursor.y += 20;
}
