import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { analyticsDetail, sampleReport } from '../../test/support/export-fixtures';
import { pdfBytes } from './pdf';
import { reportFromAnalytics } from './report-from-analytics';
import type { ExportTable } from './types';

/** A 4 × 2 pixel RGB PNG, standing in for a rasterised chart. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAIAAADwyuo0AAAAEElEQVR4nGMwTpsJRwzIHAB5OgmRzltBiwAAAABJRU5ErkJggg==',
  'base64',
);

function latin1(bytes: ArrayBuffer): string {
  return Buffer.from(bytes).toString('latin1');
}

/** Every content stream of the file, inflated, joined: the text operators the pages draw. */
function pageText(bytes: ArrayBuffer): string {
  const file = Buffer.from(bytes);
  const source = file.toString('latin1');
  const streams: string[] = [];
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf('endstream', start);
    try {
      streams.push(inflateSync(file.subarray(start, end)).toString('latin1'));
    } catch {
      // Not a deflated stream (image data, or a stream left uncompressed): nothing to read there.
    }
  }
  return streams.join('\n');
}

function pageCount(bytes: ArrayBuffer): number {
  return latin1(bytes).match(/\/Type \/Page\b/g)?.length ?? 0;
}

const detail = analyticsDetail();
const report = reportFromAnalytics(detail, {
  companyName: 'Acme',
  filters: { country: 'FR' },
  generatedAt: new Date(Date.UTC(2026, 10, 24, 12)),
});

describe('pdfBytes', () => {
  it('writes a complete PDF file without a chart', () => {
    const file = latin1(pdfBytes(report));
    expect(file.startsWith('%PDF-')).toBe(true);
    expect(file.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(file).not.toContain('/Subtype /Image');
  });

  it('draws the title, the figures, the filters and the tables', () => {
    const text = pageText(pdfBytes(report));
    for (const shown of ['(Analytics report)', '(1,200)', '(40%)', '(3m 20s)', '(+20% vs previous period)']) {
      expect(text).toContain(shown);
    }
    expect(text).toContain('(Filters: Country: France \\(FR\\))');
    expect(text).toContain('(Top pages)');
    expect(text).toContain('(/pricing)');
    expect(text).toContain('(Countries)');
    expect(text).toContain('(Germany)');
    expect(text).toContain('(No data for this period.)');
    expect(text).toMatch(/\(Page 1 of \d+\)/);
  });

  it('records the title in the document properties', () => {
    expect(latin1(pdfBytes(report))).toContain('/Title (Analytics report)');
  });

  it('embeds the chart image when one is given', () => {
    const file = latin1(pdfBytes(report, { chartPng: new Uint8Array(PNG) }));
    expect(file).toContain('/Subtype /Image');
    expect(file).toMatch(/\/Width 4\b/);
  });

  it('writes every row of a long table, going on over pages with its title and header repeated', () => {
    const long: ExportTable = {
      name: 'pages',
      title: 'Top pages',
      columns: [
        { key: 'value', label: 'Page', kind: 'text' },
        { key: 'visitors', label: 'Visitors', kind: 'integer' },
      ],
      rows: Array.from({ length: 120 }, (_, index) => ({ value: `/page-${index}`, visitors: 1000 - index })),
    };
    const bytes = pdfBytes(sampleReport({ tables: [long] }));
    const text = pageText(bytes);
    for (let index = 0; index < 120; index += 1) expect(text).toContain(`(/page-${index})`);
    const pages = pageCount(bytes);
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(text.match(/\(Top pages \\\(continued\\\)\)/g)?.length).toBe(pages - 1);
    expect(text.match(/\(Page\)/g)?.length).toBe(pages);
    expect(text).not.toContain('rows; the CSV');
  });

  it('writes every day of the visitors over time', () => {
    const days = Array.from({ length: 31 }, (_, index) => ({
      date: `2026-10-${String(index + 1).padStart(2, '0')}`,
      visitors: 100 + index,
      visits: 120 + index,
      pageviews: 300 + index,
      views_per_visit: 2.5,
      bounce_rate: 40,
      visit_duration: 60,
      events: 3,
    }));
    const text = pageText(
      pdfBytes(reportFromAnalytics(analyticsDetail({ timeseries: days }), { companyName: 'Acme' })),
    );
    for (const day of days) expect(text).toContain(`(${day.date})`);
    expect(text).toContain('(330)');
  });

  it('sizes columns to their content: short values whole, only the long ones cut', () => {
    const pages: ExportTable = {
      name: 'pages',
      title: 'Top pages',
      columns: [
        { key: 'value', label: 'Page', kind: 'text' },
        { key: 'host', label: 'Host', kind: 'text' },
        { key: 'visitors', label: 'Visitors', kind: 'integer' },
      ],
      rows: [
        { value: `/${'long-segment/'.repeat(30)}`, host: 'www.example.co.uk', visitors: 3 },
        { value: '/pricing', host: 'shop.example.com', visitors: 2 },
      ],
    };
    const languages: ExportTable = {
      name: 'languages',
      title: 'Languages',
      columns: [
        { key: 'name', label: 'Language', kind: 'text' },
        { key: 'value', label: 'Code', kind: 'text' },
        { key: 'visitors', label: 'Visitors', kind: 'integer' },
      ],
      rows: [
        { name: 'British English', value: 'en-GB', visitors: 424 },
        { name: 'Brazilian Portuguese', value: 'pt-BR', visitors: 147 },
      ],
    };
    const text = pageText(pdfBytes(sampleReport({ tables: [pages, languages] })));
    for (const whole of ['(www.example.co.uk)', '(/pricing)', '(British English)', '(en-GB)', '(pt-BR)']) {
      expect(text).toContain(whole);
    }
    // The long path takes the rest of the line and is cut there, not before.
    const cut = /\((\/long-segment\/[^)]*)\x85\)/.exec(text)?.[1] ?? '';
    expect(cut.length).toBeGreaterThan(60);
  });

  it('cuts text that does not fit its column with an ellipsis', () => {
    const table: ExportTable = {
      name: 'pages',
      title: 'Top pages',
      columns: [{ key: 'value', label: 'Page', kind: 'text' }],
      rows: [{ value: `/${'very-long-segment/'.repeat(40)}` }],
    };
    const text = pageText(pdfBytes(sampleReport({ tables: [table] })));
    // jsPDF writes the ellipsis as its WinAnsi code, 0x85.
    expect(text).toMatch(/\(\/very-long-segment\/[^)]*\x85\)/);
  });

  it('replaces characters Helvetica cannot draw instead of writing garbage', () => {
    const text = pageText(pdfBytes(sampleReport({ title: 'Rapport 日本 — Łódź' })));
    expect(text).toContain('(Rapport ?? \x97 Lódz)');
  });
});
