import { displayCell, formatGeneratedAt } from './cells';
import {
  COLORS,
  contentWidth,
  ensureSpace,
  MARGIN,
  type PdfCursor,
  setStyle,
  writeParagraph,
} from './pdf-page';
import { fitText } from './pdf-text';
import type { ExportReport, SummaryFigure } from './types';

// The top of the report: what it is, for whom and when, the filters, and the headline figures as a grid
// of cards like the dashboard's.

const COLUMNS = 4;
const GAP = 8;
const CARD_HEIGHT = 56;
const PADDING = 8;

/** Title, subtitle, when it was made and the filters it was narrowed by. */
export function writeHeading(cursor: PdfCursor, report: ExportReport): void {
  writeParagraph(cursor, report.title, { size: 20, bold: true }, 2);
  writeParagraph(cursor, report.subtitle, { size: 11, color: COLORS.muted }, 0);
  writeParagraph(cursor, `Generated ${formatGeneratedAt(report.generatedAt)}`, {
    size: 9,
    color: COLORS.muted,
  });
  const filters = report.filters.map(({ label, value }) => `${label}: ${value}`).join('  ·  ');
  writeParagraph(cursor, `Filters: ${filters || 'none'}`, { size: 9 }, 10);
}

function toneColor(figure: SummaryFigure): string {
  if (figure.tone === 'good') return COLORS.good;
  if (figure.tone === 'bad') return COLORS.bad;
  return COLORS.muted;
}

function writeCard(cursor: PdfCursor, figure: SummaryFigure, x: number, width: number): void {
  const { doc } = cursor;
  const inner = width - 2 * PADDING;
  doc.setDrawColor(COLORS.rule);
  doc.roundedRect(x, cursor.y, width, CARD_HEIGHT, 4, 4, 'S');
  setStyle(doc, { size: 8, color: COLORS.muted });
  doc.text(fitText(doc, figure.label, inner), x + PADDING, cursor.y + PADDING + 8);
  setStyle(doc, { size: 16, bold: true });
  doc.text(fitText(doc, displayCell(figure.value, figure.kind), inner), x + PADDING, cursor.y + PADDING + 27);
  if (figure.change === undefined) return;
  setStyle(doc, { size: 8, color: toneColor(figure) });
  doc.text(
    fitText(doc, figure.comparable === false ? figure.change : `${figure.change} vs previous period`, inner),
    x + PADDING,
    cursor.y + CARD_HEIGHT - PADDING,
  );
}

/** The summary figures, four to a row. */
export function writeSummary(cursor: PdfCursor, figures: readonly SummaryFigure[]): void {
  const width = (contentWidth(cursor.doc) - (COLUMNS - 1) * GAP) / COLUMNS;
  for (let start = 0; start < figures.length; start += COLUMNS) {
    ensureSpace(cursor, CARD_HEIGHT);
    figures.slice(start, start + COLUMNS).forEach((figure, index) => {
      writeCard(cursor, figure, MARGIN + index * (width + GAP), width);
    });
    cursor.y += CARD_HEIGHT + GAP;
  }
  cursor.y += GAP;
}
