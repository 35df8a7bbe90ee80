import type { Company } from '@footfall/contract';
import { can } from '@footfall/contract/rules';
import { useState } from 'react';
import { siteExportPath } from '../../api/data-control';
import { downloadFile } from '../../lib/browser/download-file';
import { DataRetention } from './data-retention';
import { DeleteDays } from './delete-days';

/**
 * The site's data (docs/api.md "Data control"), for its owner and admins: how long it is kept, every event
 * as one NDJSON file (which imports back), and, for the owner, deleting days of it.
 */
export function DataControl({ company, onSaved }: { company: Company; onSaved: (company: Company) => void }) {
  const [downloading, setDownloading] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const download = async () => {
    setDownloading(true);
    setFailure(undefined);
    try {
      await downloadFile(siteExportPath(company.id), {
        accept: 'application/x-ndjson',
        baseName: `site-${company.id}`,
        extension: 'ndjson',
      });
    } catch (error) {
      setFailure(
        `The download failed: ${error instanceof Error ? error.message : String(error)} Try again in a moment.`,
      );
    } finally {
      setDownloading(false);
    }
  };
  return (
    <section className="panel settings-section data-control" aria-labelledby="data-title">
      <h2 id="data-title">Data</h2>
      <DataRetention company={company} onSaved={onSaved} />
      <div className="form">
        <h3 id="export-title">Export</h3>
        <p>
          Every stored event of the site, one JSON object a line, in the fields the import reads: importing
          the file into a new site gives the same figures.
        </p>
        {failure ? (
          <p className="field-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="button" className="button" disabled={downloading} onClick={() => void download()}>
            {downloading ? 'Preparing the file…' : 'Download all data (NDJSON)'}
          </button>
        </div>
      </div>
      {can(company.role, 'deleteData') ? <DeleteDays company={company} /> : null}
    </section>
  );
}
