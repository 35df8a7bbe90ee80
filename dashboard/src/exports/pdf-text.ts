import type { jsPDF } from 'jspdf';

// jsPDF's built-in fonts (Helvetica here) are encoded as WinAnsi: Latin-1 plus a few typographic marks.
// A string with any other character (a CJK page title, an emoji, Polish `ł`) is written as two-byte codes
// that the font reads as garbage, the whole string at once. Embedding a Unicode font would cost hundreds
// of kilobytes per script, so text is made WinAnsi-safe first: accents that WinAnsi lacks are dropped
// (`ő` → `o`), unusual spaces become spaces, a few look-alikes are mapped, and anything else becomes `?`,
// which tells the reader a character is missing instead of showing the wrong one. CSV and XLSX keep the
// text exactly; only the PDF is affected.

/** The characters of WinAnsi's 0x80–0x9F range, which jsPDF maps from their Unicode code points. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const LOOK_ALIKES: Record<string, string> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  '‐': '-',
  '‑': '-',
  '‒': '–',
  '−': '-',
  '′': "'",
  '″': '"',
  '←': '<-',
  '→': '->',
};

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(char);
}

function replacement(char: string): string {
  const mapped = LOOK_ALIKES[char];
  if (mapped !== undefined) return mapped;
  // Compatibility decomposition turns `ő` into `o` + a combining mark and a narrow no-break space into a
  // space; only the characters that survive in WinAnsi are kept.
  const decomposed = char.normalize('NFKD').replace(/\p{M}/gu, '');
  if (decomposed !== '' && Array.from(decomposed).every(isWinAnsi)) return decomposed;
  if (/\s/u.test(char)) return ' ';
  return '?';
}

/** `text` with every character Helvetica cannot draw replaced (see above). */
export function toWinAnsi(text: string): string {
  let safe = '';
  for (const char of text) safe += isWinAnsi(char) ? char : replacement(char);
  return safe;
}

const ELLIPSIS = '…';

/**
 * Slack, in the document's unit, when comparing a width with the room for it. Rooms are measured widths
 * with padding added and taken off again, which in floating point can come back a hair smaller than the
 * width itself (24.395 + 10 - 10 is 24.394999999999996): without it, a column's widest value would be
 * cut although the column was sized to hold it.
 */
const WIDTH_SLACK = 0.001;

/**
 * `text` made WinAnsi-safe and, when wider than `maxWidth` in the document's current font, cut to fit
 * with an ellipsis. Widths are in the document's unit.
 */
export function fitText(doc: jsPDF, text: string, maxWidth: number): string {
  const safe = toWinAnsi(text);
  const fits = (candidate: string) => doc.getTextWidth(candidate) <= maxWidth + WIDTH_SLACK;
  if (fits(safe)) return safe;
  const chars = Array.from(safe);
  // Binary search for the longest prefix that fits with the ellipsis: tables cut hundreds of cells.
  let low = 0;
  let high = chars.length;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    const candidate = chars.slice(0, middle).join('').trimEnd() + ELLIPSIS;
    if (fits(candidate)) low = middle;
    else high = middle - 1;
  }
  if (low > 0) return chars.slice(0, low).join('').trimEnd() + ELLIPSIS;
  return fits(ELLIPSIS) ? ELLIPSIS : '';
}
