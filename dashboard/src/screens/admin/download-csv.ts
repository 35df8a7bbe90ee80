import { downloadFile } from '../../lib/browser/download-file';

/** Downloads a CSV answer of the API as a file (see `downloadFile`). */
export function downloadCsv(path: string, baseName: string): Promise<void> {
  return downloadFile(path, { accept: 'text/csv', baseName, extension: 'csv' });
}
