import { Readable } from 'node:stream';
import { IdParams } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';
import { canExportData } from '../auth/permissions';
import { todayIn } from '../calendar/local-days';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { exportNdjson } from './export-lines';

/** `<domain>-<date>.ndjson`: the site's host (its website's, else its first domain) and its local date. */
export function exportFileName(company: CompanyForUser, now: number): string {
  let host = company.domains[0] ?? `site-${company.id}`;
  if (company.website) {
    try {
      host = new URL(company.website).hostname;
    } catch {
      // A stored website always parses; the domain stays otherwise.
    }
  }
  const safe = host.toLowerCase().replace(/[^a-z0-9.-]+/g, '-') || `site-${company.id}`;
  return `${safe}-${todayIn(company.timezone, now)}.ndjson`;
}

/**
 * `GET /api/companies/{id}/export` (admin): every stored event of the site as NDJSON, streamed as it is
 * read, one line per event with the fields an import reads (docs/api.md "Data control").
 */
export async function dataExportRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/export',
    {
      config: { auth: 'user', permission: canExportData },
      schema: {
        summary: 'Every stored event as NDJSON, oldest first, in the fields an import reads',
        produces: ['application/x-ndjson'],
        params: IdParams,
      },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const name = exportFileName(company, app.now().getTime());
      // Recorded as it starts: whoever asked for the data has it from the first line on.
      await app.audit.record(request, {
        action: 'data.exported',
        target: { type: 'site', id: company.id, label: company.name },
        details: { filename: name },
      });
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(
          Readable.from(
            exportNdjson(
              (after, label) => app.analytics.run('exportStretch', { companyId: company.id, after, label }),
              company.id,
            ),
          ),
        );
    },
  );
}
