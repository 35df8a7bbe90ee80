import { describe, expect, it } from 'vitest';
import { SHEET_NAME_MAX, sanitizeSheetName, sheetNames } from './sheet-names';

describe('sanitizeSheetName', () => {
  it('replaces the characters Excel forbids', () => {
    expect(sanitizeSheetName('a[b]c:d*e?f/g\\h')).toBe('a b c d e f g h');
  });

  it('cuts names to 31 characters without splitting an emoji', () => {
    expect(sanitizeSheetName('x'.repeat(40))).toHaveLength(SHEET_NAME_MAX);
    const name = sanitizeSheetName(`${'x'.repeat(30)}😀😀`);
    expect(Array.from(name)).toHaveLength(SHEET_NAME_MAX);
    expect(name.endsWith('😀')).toBe(true);
  });

  it('drops apostrophes at either end and falls back to Sheet when nothing is left', () => {
    expect(sanitizeSheetName("'quoted'")).toBe('quoted');
    expect(sanitizeSheetName(' /?* ')).toBe('Sheet');
    expect(sanitizeSheetName('')).toBe('Sheet');
  });

  it('avoids the name History, which Excel reserves', () => {
    expect(sanitizeSheetName('history')).toBe('history (1)');
  });
});

describe('sheetNames', () => {
  it('numbers repeated names, ignoring case, within the length limit', () => {
    const long = 'y'.repeat(31);
    expect(sheetNames(['Pages', 'pages', 'Pages', long, long])).toEqual([
      'Pages',
      'pages (2)',
      'Pages (3)',
      long,
      `${'y'.repeat(27)} (2)`,
    ]);
  });

  it('keeps names that are already valid and distinct', () => {
    expect(sheetNames(['Summary', 'Top pages'])).toEqual(['Summary', 'Top pages']);
  });
});
