import { describe, expect, it } from 'vitest';
import { exportFilename, filtersLabel, slug } from './filename';

const range = { from: '2026-10-26', to: '2026-11-24' };

describe('exportFilename', () => {
  it('names the product, the company and the range', () => {
    expect(exportFilename('Acme', range, 'csv')).toBe('footfall-acme-2026-10-26-to-2026-11-24.csv');
  });

  it('gives a single day once', () => {
    expect(exportFilename('Acme', { from: '2026-11-24', to: '2026-11-24' }, 'pdf')).toBe(
      'footfall-acme-2026-11-24.pdf',
    );
  });

  it('accepts an extension with its dot and a label after the company', () => {
    expect(exportFilename('Acme', range, '.XLSX', 'API usage')).toBe(
      'footfall-acme-api-usage-2026-10-26-to-2026-11-24.xlsx',
    );
  });

  it('leaves out a company name with nothing to keep in ASCII', () => {
    expect(exportFilename('日本語', range, 'png')).toBe('footfall-2026-10-26-to-2026-11-24.png');
  });

  it('never lets a name carry path separators or dots', () => {
    const name = exportFilename('../../etc/passwd', { from: '../x', to: 'y/..' }, 'c/s.v');
    expect(name).toBe('footfall-etc-passwd-x-to-y.c-s-v');
    expect(name).not.toMatch(/[/\\]|\.\./);
  });
});

describe('slug', () => {
  it('drops accents, lower-cases and joins words with single hyphens', () => {
    expect(slug('  Café Crème & Co. ')).toBe('cafe-creme-co');
  });

  it('cuts long names without leaving a trailing hyphen', () => {
    expect(slug(`${'a'.repeat(39)} b c`)).toBe('a'.repeat(39));
  });
});

describe('filtersLabel', () => {
  it("names a filtered export by its segment, else by each filter's field and value, and nothing unfiltered", () => {
    const source = { label: 'Source', value: 'Google' };
    const country = { label: 'Country', value: 'is not Germany (DE)' };
    expect(filtersLabel([source, country])).toBe('source-google-country-is-not-germany-de');
    expect(filtersLabel([{ label: 'Segment', value: 'Paid search' }, source])).toBe('paid-search');
    expect(filtersLabel([])).toBe('');
    const range = { from: '2026-10-26', to: '2026-11-24' };
    expect(exportFilename('Acme', range, 'zip', filtersLabel([source]))).toBe(
      'footfall-acme-source-google-2026-10-26-to-2026-11-24.zip',
    );
  });
});
