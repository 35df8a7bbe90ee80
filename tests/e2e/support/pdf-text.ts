// The text a PDF file draws, read from its content streams: jsPDF deflates each page's stream and writes
// every string as a `(…) Tj` operand, so inflating the streams is enough to see what is on the pages.
import { inflateSync } from 'node:zlib';

/** Every string the PDF's pages draw, in order, unescaped. */
export function pdfStrings(pdf: Buffer): string[] {
  const source = pdf.toString('latin1');
  const strings: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, source.indexOf('endstream', start))).toString('latin1');
    } catch {
      // Image data, or a stream that is not deflated: no text there.
      continue;
    }
    for (const text of content.matchAll(/\(((?:[^()\\]|\\.)*)\)\s*Tj/g)) {
      strings.push((text[1] ?? '').replace(/\\(.)/g, '$1'));
    }
  }
  return strings;
}
