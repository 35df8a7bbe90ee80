import type { jsPDF } from 'jspdf';
import { fitText, toWinAnsi } from './pdf-text';

// Page geometry, colours and the running position on the page, shared by the parts of the PDF report.
// Units are PostScript points (1/72 in); A4 is 595 × 842.

export const MARGIN = 40;
/** Room kept free at the bottom of every page for the footer. */
export const FOOTER_SPACE = 28;

export const COLORS = {
  text: '#111827',
  muted: '#6b7280',
  rule: '#e5e7eb',
  headerFill: '#f3f4f6',
  good: '#15803d',
  bad: '#b91c1c',
} as const;

/** The document and how far down the current page the next block goes. */
export interface PdfCursor {
  doc: jsPDF;
  y: number;
}

export function pageWidth(doc: jsPDF): number {
  return doc.internal.pageSize.getWidth();
}

export function contentWidth(doc: jsPDF): number {
  return pageWidth(doc) - 2 * MARGIN;
}

function pageBottom(doc: jsPDF): number {
  return doc.internal.pageSize.getHeight() - MARGIN - FOOTER_SPACE / 2;
}

/** Starts a new page when `height` does not fit below the cursor; says whether it did. */
export function ensureSpace(cursor: PdfCursor, height: number): boolean {
  if (cursor.y + height <= pageBottom(cursor.doc)) return false;
  cursor.doc.addPage();
  cursor.y = MARGIN;
  return true;
}

export interface TextStyle {
  size: number;
  bold?: boolean;
  color?: string;
}

export function setStyle(doc: jsPDF, style: TextStyle): void {
  doc.setFont('helvetica', style.bold ? 'bold' : 'normal');
  doc.setFontSize(style.size);
  doc.setTextColor(style.color ?? COLORS.text);
}

/**
 * Writes `text` wrapped to the content width from the cursor down, and moves the cursor below it.
 * Pages break between lines when needed.
 */
export function writeParagraph(cursor: PdfCursor, text: string, style: TextStyle, gapAfter = 4): void {
  const { doc } = cursor;
  setStyle(doc, style);
  const lineHeight = style.size * 1.3;
  const lines = doc.splitTextToSize(toWinAnsi(text), contentWidth(doc)) as string[];
  for (const line of lines) {
    ensureSpace(cursor, lineHeight);
    // Text is placed by its baseline; a line's top is one font size above it, less the leading.
    doc.text(line, MARGIN, cursor.y + style.size);
    cursor.y += lineHeight;
  }
  cursor.y += gapAfter;
}

/** `Page 2 of 5` and the report's title at the foot of every page, once all pages exist. */
export function writeFooters(doc: jsPDF, title: string): void {
  const pages = doc.getNumberOfPages();
  const y = doc.internal.pageSize.getHeight() - MARGIN / 2 - 4;
  for (let page = 1; page <= pages; page += 1) {
    doc.setPage(page);
    setStyle(doc, { size: 8, color: COLORS.muted });
    doc.text(fitText(doc, `Footfall · ${title}`, contentWidth(doc) * 0.7), MARGIN, y);
    doc.text(`Page ${page} of ${pages}`, pageWidth(doc) - MARGIN, y, { align: 'right' });
  }
}
