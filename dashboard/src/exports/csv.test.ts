import { describe, expect, it } from 'vitest';
import { PAGES_TABLE } from '../../test/support/export-fixtures';
import { CSV_BOM, csvBlob, fieldName, toCsv } from './csv';
import type { ExportColumn, ExportTable } from './types';

function table(rows: ExportTable['rows'], column: Partial<ExportColumn> = {}): ExportTable {
  return { name: 't', title: 'T', columns: [{ key: 'a', label: 'A', kind: 'text', ...column }], rows };
}

/** The CSV without its BOM, split into records. */
function records(text: string): string[] {
  return text.slice(CSV_BOM.length).split('\r\n');
}

const FORMULAS = ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'];

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark, then a header row, and ends every record with CRLF', () => {
    const text = toCsv(PAGES_TABLE);
    expect(text.startsWith('\uFEFFpage,visitors\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(records(text)).toEqual(['page,visitors', '/,800', '/pricing,300', '']);
  });

  it('writes a header row even for a table without rows', () => {
    expect(records(toCsv(table([])))).toEqual(['a', '']);
  });

  it('quotes fields with commas, semicolons and line breaks, keeping the break inside the field', () => {
    const text = toCsv(table([{ a: 'a,b' }, { a: 'x;y' }, { a: 'line 1\nline 2' }, { a: 'plain' }]));
    expect(text).toBe(`${CSV_BOM}a\r\n"a,b"\r\n"x;y"\r\n"line 1\nline 2"\r\nplain\r\n`);
  });

  it('doubles quotes inside a quoted field', () => {
    expect(records(toCsv(table([{ a: 'say "hi"' }])))[1]).toBe('"say ""hi"""');
  });

  it("prefixes visitors' text that a spreadsheet would run as a formula with an apostrophe", () => {
    const rows = FORMULAS.map((a) => ({ a }));
    expect(records(toCsv(table(rows, { fromVisitors: true }))).slice(1, 7)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2+3",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
    ]);
    expect(records(toCsv(table([{ a: '/pricing' }, { a: 'en-GB' }], { fromVisitors: true })))[1]).toBe(
      '/pricing',
    );
  });

  it('writes our own text and numbers as they are, whatever they start with', () => {
    expect(records(toCsv(table(FORMULAS.slice(0, 4).map((a) => ({ a }))))).slice(1, 5)).toEqual([
      '=SUM(A1)',
      '+1',
      '-2+3',
      '@cmd',
    ]);
    const numbers = table([{ a: -5 }, { a: 2.25 }, { a: 0 }, { a: null }, { a: Number.NaN }], {
      kind: 'integer',
      fromVisitors: true,
    });
    expect(records(toCsv(numbers))).toEqual(['a', '-5', '2.25', '0', '', '', '']);
  });

  it('writes numbers bare: no grouping, no unit, no percent sign', () => {
    const text = toCsv({
      name: 't',
      title: 'T',
      columns: [
        { key: 'n', label: 'Visitors', kind: 'integer' },
        { key: 'b', label: 'Bounce rate', kind: 'percent' },
        { key: 'd', label: 'Visit duration', kind: 'duration' },
        { key: 'v', label: 'Views per visit', kind: 'decimal' },
      ],
      rows: [{ n: 1234567, b: 53, d: 200, v: 2.65 }],
    });
    expect(records(text).slice(0, 2)).toEqual([
      'visitors,bounce_rate_percent,visit_duration_seconds,views_per_visit',
      '1234567,53,200,2.65',
    ]);
  });

  it('keeps accented and non-Latin text as it is', () => {
    expect(records(toCsv(table([{ a: 'Café crème · 日本語' }])))[1]).toBe('Café crème · 日本語');
  });
});

describe('fieldName', () => {
  it('makes a label a snake_case name with the unit of percentages and durations', () => {
    expect(fieldName('Entry page')).toBe('entry_page');
    expect(fieldName('Week of', 'date')).toBe('week_of');
    expect(fieldName('UTM campaign')).toBe('utm_campaign');
    expect(fieldName('Bounce rate', 'percent')).toBe('bounce_rate_percent');
    expect(fieldName('Visit duration', 'duration')).toBe('visit_duration_seconds');
    expect(fieldName('Durée', 'integer')).toBe('duree');
    expect(fieldName('日本')).toBe('value');
  });
});

describe('csvBlob', () => {
  it('encodes the text as UTF-8 with the BOM bytes first', async () => {
    const bytes = new Uint8Array(await csvBlob(table([{ a: 'é' }])).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('a\r\né\r\n');
  });
});
