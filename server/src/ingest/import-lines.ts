import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse';
import type { ImportLine } from './import';
import { isRecord, parseClientJson } from './parse';

/** NDJSON: one JSON object a line; blank lines are skipped; line numbers are 1-based. */
export async function* ndjsonLines(input: Readable): AsyncGenerator<ImportLine> {
  let line = 0;
  for await (const text of createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY })) {
    line += 1;
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = parseClientJson(text);
    } catch {
      yield { line, error: 'not valid JSON' };
      continue;
    }
    yield isRecord(value) ? { line, record: value } : { line, error: 'not a JSON object' };
  }
}

/**
 * CSV (RFC 4180) with a header row naming the fields; the header is line 1. A malformed record is reported
 * on its line and the import goes on. A record's line is where it ends (quoted fields may span lines).
 */
export async function* csvLines(input: Readable): AsyncGenerator<ImportLine> {
  const skipped: ImportLine[] = [];
  const parser = input.pipe(
    parseCsv({ columns: true, bom: true, info: true, skip_empty_lines: true, skip_records_with_error: true }),
  );
  parser.on('skip', (error: Error & { lines?: number }) => {
    skipped.push({ line: error.lines ?? 0, error: `malformed CSV: ${error.message}` });
  });
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, unknown>;
    info: { lines: number };
  }>) {
    while (skipped.length > 0) yield skipped.shift() as ImportLine;
    yield { line: info.lines, record };
  }
  while (skipped.length > 0) yield skipped.shift() as ImportLine;
}
