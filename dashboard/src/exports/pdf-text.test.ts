import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { fitText, toWinAnsi } from './pdf-text';

describe('toWinAnsi', () => {
  it('keeps Latin-1 and the typographic marks WinAnsi has', () => {
    expect(toWinAnsi('Café — “quoted” 5 € … naïve')).toBe('Café — “quoted” 5 € … naïve');
  });

  it('drops accents WinAnsi lacks and maps look-alikes', () => {
    expect(toWinAnsi('Łódź Őrség − 2')).toBe('Lódz Orség - 2');
  });

  it('turns unusual spaces into spaces, as Intl puts before AM and PM', () => {
    expect(toWinAnsi('2:03\u202fPM\u2009x')).toBe('2:03 PM x');
  });

  it('replaces each character it cannot draw with a question mark', () => {
    expect(toWinAnsi('/blog/日本語')).toBe('/blog/???');
    expect(toWinAnsi('ok 👍')).toBe('ok ?');
  });
});

describe('fitText', () => {
  const doc = new jsPDF({ unit: 'pt' });
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(10);

  it('leaves text that fits alone', () => {
    expect(fitText(doc, '/pricing', 200)).toBe('/pricing');
  });

  it('cuts text that is too wide and ends it with an ellipsis, within the width', () => {
    const fitted = fitText(doc, 'a fairly long page title that will not fit', 80);
    expect(fitted.endsWith('…')).toBe(true);
    expect(doc.getTextWidth(fitted)).toBeLessThanOrEqual(80);
    expect(fitText(doc, 'a fairly long page title that will not fit', 81).length).toBeGreaterThanOrEqual(
      fitted.length,
    );
  });

  it('keeps text whose width is the room, when adding and taking off padding rounded the room down', () => {
    doc.setFontSize(8.5);
    const width = doc.getTextWidth('en-GB');
    // In floating point, 24.395 + 10 - 10 is 24.394999999999996.
    expect(fitText(doc, 'en-GB', width + 10 - 10)).toBe('en-GB');
    doc.setFontSize(10);
  });

  it('gives nothing when not even the ellipsis fits', () => {
    expect(fitText(doc, 'anything', 1)).toBe('');
  });
});
