import fastifyCors, { type FastifyCorsOptions } from '@fastify/cors';
import { INGEST_MAX_BODY_BYTES, messages, TEST_EVENTS_PATH } from '@footfall/contract';
import { isStorageFull } from '@footfall/db';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { AppError, forbidden, notFound, storageFull, tooManyRequests } from '../errors';
import type { App } from '../types';
import { InvalidEvent } from './invalid-event';
import type { IngestRequest } from './pipeline';
import { IngestRefusal, type RefusingReason } from './refusal';
import { BufferFullError } from './write-buffer';

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
 * Any site may post events and read the answer, without credentials; a browser keeps the preflight for a
 * day. A fixed origin, so that the CORS hook of every tracked event only sets a header.
 */
const TRACKER_CORS: FastifyCorsOptions = {
  origin: '*',
  methods: 'POST, OPTIONS',
  allowedHeaders: 'Content-Type',
  maxAge: 86_400,
  // A preflight is answered even without the headers a browser would send with it.
  strictPreflight: false,
};

/** The test page is the dashboard's own: its answers carry the same header, and it needs no preflight. */
const TEST_PAGE_CORS: FastifyCorsOptions = { origin: '*', preflight: false };

/**
 * Size and media type, checked before the body is read. Callback style rather than async, here and in the
 * POST handlers: this runs for every tracked event, and each promise Fastify need not wait for is time
 * given back to the next request.
 */
function checkSizeAndType(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  if (request.method !== 'POST') {
    done();
    return;
  }
  const length = Number(request.headers['content-length']);
  if (length > INGEST_MAX_BODY_BYTES) done(new AppError(413, 'Payload too large.'));
  else if (!isAccepted(request.headers['content-type'])) done(new AppError(415, UNSUPPORTED));
  else done();
}

/**
 * `POST /api/save-company-visitor-analytics` (docs/api.md "Ingestion"): public and cross-origin, called by the tracker
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

  const config = { xsrf: false } as const;

  // Each endpoint is a scope under its own path: @fastify/cors answers preflights through a catch-all
  // OPTIONS route of its scope's prefix, which would otherwise take every OPTIONS request of the app. CORS
  // is registered before the size and type check, so that a 413 or 415 carries its header too.
  await app.register(
    async (endpoint: App) => {
      // The catch-all route matches longer paths too (`…-analytics/`, `…-analyticsx`): only the
      // endpoint's own path is preflighted, as when it had an OPTIONS route of its own.
      endpoint.addHook('onRequest', (request, reply, done) => {
        if (request.method === 'OPTIONS' && request.url.split('?', 1)[0] !== PATH)
          return reply.callNotFound();
        done();
      });
      await endpoint.register(fastifyCors, TRACKER_CORS);
      endpoint.addHook('onRequest', checkSizeAndType);
      endpoint.post('', { config, helmet: false, bodyLimit: INGEST_MAX_BODY_BYTES }, (request, reply) => {
        app.ingestion.ingest(ingestRequest(app, request)).then(
          () => reply.code(202).send(),
          (error: unknown) => reply.send(refusal(request, error)),
        );
      });
    },
    { prefix: PATH },
  );

  // Same checks and answers as the endpoint above.
  await app.register(
    async (testPage: App) => {
      await testPage.register(fastifyCors, TEST_PAGE_CORS);
      testPage.addHook('onRequest', checkSizeAndType);
      testPage.post('', { config, helmet: false, bodyLimit: INGEST_MAX_BODY_BYTES }, (request, reply) => {
        app.testTraffic.ingest(ingestRequest(app, request)).then(
          () => reply.code(202).send(),
          (error: unknown) => reply.send(refusal(request, error)),
        );
      });
    },
    { prefix: TEST_EVENTS_PATH },
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
/** How each refusal of the ingestion is answered (docs/api.md "Ingestion"). */
const REFUSALS: Record<RefusingReason, (retryAfterMs: number) => AppError> = {
  unknown_company: () => notFound(),
  suspended: () => forbidden(messages.companySuspended),
  foreign_host: () => forbidden("The page's hostname is not among the company's allowed domains."),
  quota: (wait) => tooManyRequests("The company's monthly events quota is used up; upgrade the plan.", wait),
  ip_limit: (wait) => tooManyRequests('Too many events from this address; slow down.', wait),
};

function refusal(request: FastifyRequest, error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof InvalidEvent) return new AppError(400, error.message, error.errors);
  if (error instanceof IngestRefusal) return REFUSALS[error.reason](error.retryAfterMs);
  if (error instanceof BufferFullError) {
    return new AppError(503, 'The server is busy; retry in a second.', undefined, { 'retry-after': '1' });
  }
  request.log.error({ err: error }, 'ingestion failed');
  if (isStorageFull(error)) return storageFull();
  return new AppError(503, 'The events could not be stored; retry shortly.', undefined, {
    'retry-after': '5',
  });
}
