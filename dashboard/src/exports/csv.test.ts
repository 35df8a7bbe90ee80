import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvBlob, toCsv } from './csv';
import { PAGES_TABLE } from './test-fixtures';
import type { ExportTable } from './types';

function table(
  rows: ExportTable['rows'],
  kind: ExportTable['columns'][number]['kind'] = 'text',
): ExportTable {
  return { title: 'T', columns: [{ key: 'a', label: 'A', kind }], rows };
}

/** The CSV without its BOM, split into records. */
function records(text: string): string[] {
  return text.slice(CSV_BOM.length).split('\r\n');
}

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark and ends every record with CRLF', () => {
    const text = toCsv(PAGES_TABLE);
    expect(text.startsWith('\uFEFFPage,Visitors\r\n')).toBe(true);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(records(text)).toEqual(['Page,Visitors', '/,800', '/pricing,300', '']);
  });

  it('quotes fields with commas, semicolons and line breaks, keeping the break inside the field', () => {
    const text = toCsv(table([{ a: 'a,b' }, { a: 'x;y' }, { a: 'line 1\nline 2' }, { a: 'plain' }]));
    expect(text).toBe(`${CSV_BOM}A\r\n"a,b"\r\n"x;y"\r\n"line 1\nline 2"\r\nplain\r\n`);
  });

  it('doubles quotes inside a quoted field', () => {
    expect(records(toCsv(table([{ a: 'say "hi"' }])))[1]).toBe('"say ""hi"""');
  });

  it('prefixes text that a spreadsheet would run as a formula with an apostrophe', () => {
    const rows = ['=SUM(A1)', '+1', '-2+3', '@cmd', '\tx', '\rx'].map((a) => ({ a }));
    expect(records(toCsv(table(rows))).slice(1, 7)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2+3",
      "'@cmd",
      "'\tx",
      `"'\rx"`,
    ]);
  });

  it('leaves numbers as they are, negative ones included, and writes nothing for null', () => {
    const text = toCsv(table([{ a: -5 }, { a: 2.25 }, { a: 0 }, { a: null }, { a: Number.NaN }], 'integer'));
    expect(records(text)).toEqual(['A', '-5', '2.25', '0', '', '', '']);
  });

  it('keeps accented and non-Latin text as it is', () => {
    expect(records(toCsv(table([{ a: 'Café crème · 日本語' }])))[1]).toBe('Café crème · 日本語');
  });

  it('names the unit of percentages and durations in their headers', () => {
    const text = toCsv({
      title: 'T',
      columns: [
        { key: 'b', label: 'Bounce rate', kind: 'percent' },
        { key: 'd', label: 'Visit duration', kind: 'duration' },
      ],
      rows: [{ b: 42, d: 200 }],
    });
    expect(records(text).slice(0, 2)).toEqual(['Bounce rate (%),Visit duration (seconds)', '42,200']);
  });

  it('writes several tables each under its title, separated by an empty line', () => {
    const second: ExportTable = { ...table([{ a: 'x' }]), title: 'Sources, all' };
    expect(records(toCsv([PAGES_TABLE, second]))).toEqual([
      'Top pages',
      'Page,Visitors',
      '/,800',
      '/pricing,300',
      '',
      '"Sources, all"',
      'A',
      'x',
      '',
    ]);
  });

  it('writes a one-table list like a single table, without a title line', () => {
    expect(toCsv([PAGES_TABLE])).toBe(toCsv(PAGES_TABLE));
  });
});

describe('csvBlob', () => {
  it('encodes the text as UTF-8 with the BOM bytes first', async () => {
    const bytes = new Uint8Array(await csvBlob(table([{ a: 'é' }])).arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('A\r\né\r\n');
  });
});
