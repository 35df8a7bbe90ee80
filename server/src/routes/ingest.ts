import { INGEST_MAX_BODY_BYTES, TEST_EVENTS_PATH } from '@footfall/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import type { IngestRequest } from '../ingest/pipeline';
import { BufferFullError } from '../ingest/write-buffer';
import type { App } from '../types';

const PATH = '/api/save-company-visitor-analytics';
const ACCEPTED = new Set(['application/json', 'text/plain']);
const UNSUPPORTED = 'Unsupported media type. Send application/json or text/plain holding JSON.';

/** What `navigator.sendBeacon` sends with a string: nearly every request, accepted without parsing. */
const BEACON_TYPE = 'text/plain;charset=UTF-8';

/** The media type without parameters, lower-cased. */
function mediaType(header: string | undefined): string {
  return (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

function isAccepted(header: string | undefined): boolean {
  return header === BEACON_TYPE || ACCEPTED.has(mediaType(header));
}

/**
 * `POST /api/save-company-visitor-analytics` (API.md §5): public and cross-origin, called by the tracker
 * from any site; and `POST /api/test-site/events`, its twin for the dashboard's test page. Checks in the contract's order: 413, 415, 400, 404, bots (202), 403, 429. Answers 202 with
 * an empty body once the events are committed; 503 with `Retry-After` when the write buffer is full.
 */
export async function ingestRoutes(app: App): Promise<void> {
  // One logger at `warn` for every request of these routes, instead of a child logger built per request:
  // no request lines at info (they would write every visitor's IP address to the log), and no per-request
  // cost. Warnings and errors are still logged, without a request id.
  const quietLog = app.log.child({ routes: 'ingest' }, { level: 'warn' });
  app.setChildLoggerFactory(() => quietLog);

  // sendBeacon sends text/plain; both types hold JSON, which the pipeline parses itself.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser([...ACCEPTED], { parseAs: 'string' }, (_req, body, done) => {
    done(null, body);
  });

  // Callback style rather than async, here and in the POST handler: this runs for every tracked event, and
  // each promise Fastify need not wait for is time given back to the next request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('access-control-allow-origin', '*');
    if (request.method !== 'POST') return done();
    const length = Number(request.headers['content-length']);
    if (length > INGEST_MAX_BODY_BYTES) return done(new AppError(413, 'Payload too large.'));
    if (!isAccepted(request.headers['content-type'])) return done(new AppError(415, UNSUPPORTED));
    done();
  });

  const config = { xsrf: false } as const;

  app.options(PATH, { config, helmet: false }, async (_request, reply) => {
    reply
      .header('access-control-allow-methods', 'POST, OPTIONS')
      .header('access-control-allow-headers', 'Content-Type')
      .header('access-control-max-age', '86400')
      .code(204)
      .send();
  });

  app.post(PATH, { config, helmet: false, bodyLimit: INGEST_MAX_BODY_BYTES }, (request, reply) => {
    app.ingestion.ingest(ingestRequest(app, request)).then(
      () => reply.code(202).send(),
      (error: unknown) => reply.send(refusal(request, error)),
    );
  });

  // Same checks and answers as the endpoint above; the test page is the dashboard's own, so no preflight.
  app.post(
    TEST_EVENTS_PATH,
    { config, helmet: false, bodyLimit: INGEST_MAX_BODY_BYTES },
    (request, reply) => {
      app.testTraffic.ingest(ingestRequest(app, request)).then(
        () => reply.code(202).send(),
        (error: unknown) => reply.send(refusal(request, error)),
      );
    },
  );
}

function ingestRequest(app: App, request: FastifyRequest): IngestRequest {
  return {
    body: typeof request.body === 'string' ? request.body : '',
    ip: request.ip,
    userAgent: request.headers['user-agent'],
    acceptLanguage: request.headers['accept-language'],
    now: app.now().getTime(),
  };
}

/** What a request that was not stored gets: its own 4xx, or 503 when the buffer is full or a commit failed. */
function refusal(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof BufferFullError) {
    return new AppError(503, 'The server is busy; retry in a second.', undefined, { 'retry-after': '1' });
  }
  request.log.error({ err: error }, 'ingestion failed');
  return new AppError(503, 'The events could not be stored; retry shortly.', undefined, {
    'retry-after': '5',
  });
}
