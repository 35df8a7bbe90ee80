// Reading the CSV export back: the zip opened with fflate (the dashboard's own zip writer), and each file
// parsed as RFC 4180 says, so that a file that is not valid CSV fails the test rather than misreads.
import { unzipSync } from 'fflate';

const BOM = '\uFEFF';

/** The records of an RFC 4180 text: fields split on commas, quoted fields unquoted, records on CRLF. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    const next = text[index + 1];
    if (quoted && char === '"' && next === '"') {
      field += '"';
      index += 1;
    } else if (quoted && char === '"') {
      quoted = false;
    } else if (quoted) {
      field += char;
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\r' && next === '\n') {
      records.push([...record, field]);
      record = [];
      field = '';
      index += 1;
    } else {
      field += char;
    }
  }
  if (quoted || field !== '' || record.length > 0) throw new Error('the CSV text does not end with CRLF');
  return records;
}

/** Each CSV file of a zip, in the archive's order: its records, after checking that it starts with a BOM. */
export function csvFilesOf(zip: Buffer): Map<string, string[][]> {
  const files = unzipSync(new Uint8Array(zip));
  return new Map(
    Object.entries(files).map(([name, bytes]) => {
      // A plain TextDecoder would drop the byte-order mark this checks for.
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      if (!text.startsWith(BOM)) throw new Error(`${name} does not start with a UTF-8 byte-order mark`);
      return [name, parseCsv(text.slice(BOM.length))];
    }),
  );
}
