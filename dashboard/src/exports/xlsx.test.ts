import readXlsxFile from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { analyticsDetail, sampleReport } from '../../test/support/export-fixtures';
import { reportFromAnalytics } from './report-from-analytics';
import { xlsxBlob, xlsxSheets } from './xlsx';

async function readBack(blob: Blob) {
  return readXlsxFile(Buffer.from(await blob.arrayBuffer()));
}

const report = reportFromAnalytics(analyticsDetail(), {
  companyName: 'Acme',
  filters: { country: 'FR' },
  generatedAt: new Date(Date.UTC(2026, 10, 24, 12)),
});

describe('xlsxBlob', () => {
  it('writes a Summary sheet, then one sheet per table named after it', async () => {
    const sheets = await readBack(await xlsxBlob(report));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual([
      'Summary',
      'Visitors over time',
      'Top pages',
      'Entry pages',
      'Exit pages',
      'Sources',
      'Referrers',
      'UTM sources',
      'UTM mediums',
      'UTM campaigns',
      'Countries',
      'Browsers',
      'Operating systems',
      'Devices',
      'Languages',
      'Custom events',
    ]);
  });

  it('keeps the headers as text and the counts as numbers', async () => {
    const sheets = await readBack(await xlsxBlob(report));
    const countries = sheets.find((sheet) => sheet.sheet === 'Countries')?.data;
    expect(countries).toEqual([
      ['Country', 'Code', 'Visitors', 'Visits'],
      ['France', 'FR', 700, 800],
      ['Germany', 'DE', 200, 240],
    ]);
  });

  it('writes timeseries buckets as dates', async () => {
    const sheets = await readBack(await xlsxBlob(report));
    const [, first] = sheets.find((sheet) => sheet.sheet === 'Visitors over time')?.data ?? [];
    expect(first?.[0]).toEqual(new Date(Date.UTC(2026, 9, 26)));
    expect(first?.slice(1)).toEqual([40, 50, 120]);
  });

  it('puts the range, the filters and the figures on the Summary sheet, percentages on the 0–100 scale', async () => {
    const [summary] = await readBack(await xlsxBlob(report));
    const rows = summary?.data ?? [];
    expect(rows[0]).toEqual(['Analytics report', null, null, null]);
    expect(String(rows[1]?.[0])).toMatch(/^Acme · Oct 26/);
    expect(rows).toContainEqual(['Country', 'France (FR)', null, null]);
    expect(rows).toContainEqual(['Metric', 'Value', 'Previous period', 'Change']);
    expect(rows).toContainEqual(['Visitors', 1200, 1000, '+20%']);
    expect(rows).toContainEqual(['Bounce rate', 40, 50, '-10 pts']);
  });

  it('stores durations as a time of day, so spreadsheets show 200 seconds as 0:03:20', async () => {
    const [summary] = await readBack(await xlsxBlob(report));
    const duration = summary?.data.find((row) => row[0] === 'Visit duration');
    // A reader sees the time format and gives a date on Excel's day zero, 30 December 1899.
    expect(duration?.[1]).toEqual(new Date(Date.UTC(1899, 11, 30, 0, 3, 20)));
  });
});

describe('xlsxSheets', () => {
  it('makes the header bold, freezes it and sizes the columns to their content', () => {
    const [, pages] = xlsxSheets(sampleReport());
    expect(pages?.stickyRowsCount).toBe(1);
    expect(pages?.data[0]?.[0]).toMatchObject({ value: 'Page', fontWeight: 'bold' });
    expect(pages?.columns).toEqual([{ width: 10 }, { width: 10 }]);
  });

  it('gives numbers their formats: grouped counts, a literal percent sign, a time for durations', () => {
    const [summary] = xlsxSheets(sampleReport());
    const cells = (summary?.data ?? []).flat();
    const formatOf = (value: number) =>
      cells.find(
        (cell) => typeof cell === 'object' && cell !== null && 'value' in cell && cell.value === value,
      );
    expect(formatOf(1200)).toMatchObject({ format: '#,##0' });
    expect(formatOf(40)).toMatchObject({ format: '0"%"' });
    expect(formatOf(200 / 86_400)).toMatchObject({ format: '[h]:mm:ss' });
    expect(formatOf(2.5)).toMatchObject({ format: '#,##0.00' });
  });

  it('keeps sheet names valid and unique whatever the table titles', async () => {
    const table = sampleReport().tables[0];
    if (!table) throw new Error('fixture without a table');
    const titled = (title: string) => ({ ...table, title });
    const built = sampleReport({
      tables: [titled('Pages: /a/b?c'), titled('Summary'), titled('x'.repeat(40))],
    });
    const sheets = await readBack(await xlsxBlob(built));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual([
      'Summary',
      'Pages a b c',
      'Summary (2)',
      'x'.repeat(31),
    ]);
  });
});
