import { type Readable, Transform } from 'node:stream';
import { IdParams, ImportAnswer } from '@footfall/contract';
import { canImportEvents } from '../auth/permissions';
import { AppError, forbidden } from '../errors';
import { importEvents } from '../ingest/import';
import { csvLines, ndjsonLines } from '../ingest/import-lines';
import { packImportedDays } from '../ingest/pack-imported-days';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';

const IMPORT_MAX_BYTES = 100 * 1024 * 1024;
const NDJSON_TYPES = ['application/x-ndjson', 'application/ndjson', 'application/jsonl'];
const UNSUPPORTED = 'Unsupported media type. Send application/x-ndjson or text/csv.';

/** Passes the body through, failing with 413 once it exceeds `limit` bytes (chunked bodies included). */
function limitBytes(limit: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) callback(new AppError(413, 'Payload too large.'));
      else callback(null, chunk);
    },
  });
}

/**
 * `POST /api/companies/{id}/import` (owner): NDJSON or CSV of historical events, streamed line by line
 * through the same validation and enrichment as live events (docs/api.md "Imports").
 */
export async function importRoutes(app: App): Promise<void> {
  // Leave the body as a stream: the handler reads it line by line instead of holding 100 MiB in memory.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...NDJSON_TYPES, 'text/csv'], (_request, payload, done) => done(null, payload));
  app.addContentTypeParser('*', (_request, _payload, done) => done(new AppError(415, UNSUPPORTED)));

  app.post(
    '/api/companies/:id/import',
    {
      config: { auth: 'user', permission: canImportEvents },
      bodyLimit: IMPORT_MAX_BYTES,
      schema: { params: IdParams, response: { 200: ImportAnswer } },
    },
    async (request) => {
      const member = companyOf(request);
      const now = app.now().getTime();
      // The plan's quota and retention are not in the member's row: the ingestion cache has them, usually
      // without a query.
      const { companies, enrichers, calendar, visitIds } = app.ingestion.deps;
      const company = await companies.get(member.trackingKey, now);
      if (!company) throw forbidden('You do not have access to this company.');
      if (Number(request.headers['content-length']) > IMPORT_MAX_BYTES)
        throw new AppError(413, 'Payload too large.');
      const isCsv = (request.headers['content-type'] ?? '').toLowerCase().startsWith('text/csv');
      const raw = request.body as Readable;
      const body = raw.pipe(limitBytes(IMPORT_MAX_BYTES));
      raw.on('error', (error) => body.destroy(error));
      const lines = isCsv ? csvLines(body) : ndjsonLines(body);
      const result = await importEvents(
        { repos: app.repos, enrichers, calendar, visitIds, importsUnderway: app.importsUnderway },
        company,
        lines,
        {
          now,
          fromCsv: isCsv,
        },
      );
      await packImportedDays(app, company, result.days);
      await app.audit.record(request, {
        action: 'import.completed',
        details: {
          format: isCsv ? 'csv' : 'ndjson',
          stored: result.stored,
          rejected: result.rejected.length,
        },
      });
      return { data: { stored: result.stored, rejected: result.rejected } };
    },
  );
}
