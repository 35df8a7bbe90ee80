import { strToU8, zipSync } from 'fflate';
import { toCsv } from './csv';
import { downloadBlob } from './download';
import { reportTables } from './report-tables';
import type { ExportReport, ExportTable } from './types';

// The report as a zip of CSV files, one per table (summary.csv, timeseries.csv, pages.csv…): each is a
// plain rectangle that any program imports as it is, which one file holding sixteen tables was not.
// fflate is the zip writer the XLSX and PDF exports already load, so this chunk adds only a few lines.

/** The file names of `tables` in the archive, from their names, made unique (`pages.csv`, `pages-2.csv`). */
export function csvFileNames(tables: readonly ExportTable[]): string[] {
  const taken = new Set<string>();
  return tables.map(({ name }) => {
    const base = name.replace(/[^\w-]+/g, '-') || 'table';
    let file = `${base}.csv`;
    for (let n = 2; taken.has(file); n += 1) file = `${base}-${n}.csv`;
    taken.add(file);
    return file;
  });
}

/**
 * The zip file's bytes. Written at once on the main thread: fflate's asynchronous writer would deflate in
 * `blob:` workers, which buys nothing for a few hundred kilobytes of text.
 */
export function csvZipBytes(tables: readonly ExportTable[]): Uint8Array {
  const names = csvFileNames(tables);
  const files = Object.fromEntries(tables.map((table, index) => [names[index], strToU8(toCsv(table))]));
  return zipSync(files, { level: 6 });
}

/** Downloads the report's tables, the summary first, as a zip of CSV files. */
export function exportCsvZip(report: ExportReport, filename: string): void {
  const bytes = csvZipBytes(reportTables(report));
  downloadBlob(new Blob([bytes as BlobPart], { type: 'application/zip' }), filename);
}
