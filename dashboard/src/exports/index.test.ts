import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGES_TABLE, sampleReport } from '../../test/support/export-fixtures';
import { exportCsv, exportCsvZip, exportXlsx, preloadExport } from './index';

// The screens' entry point, with just enough of a document for a download: the lazy chunks load through
// the shared loader and each export ends in one click on a temporary link.

interface FakeLink {
  href: string;
  download: string;
  rel: string;
  style: { display: string };
  click: () => void;
  remove: () => void;
}

function fakeDocument() {
  const clicked: FakeLink[] = [];
  const link = (): FakeLink => {
    const created: FakeLink = {
      href: '',
      download: '',
      rel: '',
      style: { display: '' },
      click: () => clicked.push(created),
      remove: () => undefined,
    };
    return created;
  };
  vi.stubGlobal('document', {
    createElement: link,
    body: { append: () => undefined },
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  });
  const blobs: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    blobs.push(blob as Blob);
    return `blob:test/${blobs.length}`;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  return { clicked, blobs };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('exports entry point', () => {
  it('downloads a CSV through a link named after the file', async () => {
    const { clicked, blobs } = fakeDocument();
    await exportCsv(PAGES_TABLE, 'footfall-acme.csv');
    expect(clicked.map((link) => [link.download, link.href])).toEqual([['footfall-acme.csv', 'blob:test/1']]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
  });

  it('downloads the report as a zip of CSV files', async () => {
    const { clicked, blobs } = fakeDocument();
    await exportCsvZip(sampleReport(), 'footfall-acme.zip');
    expect(clicked[0]?.download).toBe('footfall-acme.zip');
    expect(blobs[0]?.type).toBe('application/zip');
    const head = new Uint8Array(await (blobs[0] as Blob).arrayBuffer()).slice(0, 2);
    expect(String.fromCharCode(...head)).toBe('PK');
  });

  it('downloads an XLSX workbook', async () => {
    const { clicked, blobs } = fakeDocument();
    await exportXlsx(sampleReport(), 'report.xlsx');
    expect(clicked[0]?.download).toBe('report.xlsx');
    // An XLSX file is a zip archive, which starts with `PK`.
    const head = new Uint8Array(await (blobs[0] as Blob).arrayBuffer()).slice(0, 2);
    expect(String.fromCharCode(...head)).toBe('PK');
  });

  it('preloads a format without downloading anything', async () => {
    const { clicked } = fakeDocument();
    expect(() => preloadExport('pdf')).not.toThrow();
    await vi.dynamicImportSettled();
    expect(clicked).toEqual([]);
  });
});
