import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messages } from '@footfall/contract';
import { isStorageFull } from '@footfall/db';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest, notFound, storageFull, validation } from '../errors';
import { toFieldErrors } from '../validation/laravel-messages';

const ACCEPTED_TYPES = 'Send application/json.';
const MALFORMED_URL = 'The request URL is malformed (invalid percent-encoding).';

/** Fastify's own errors (parsers, limits) mapped to the contract's statuses and messages. */
function fromFastifyError(error: FastifyError): AppError | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError(413, messages.payloadTooLarge);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError(415, `Unsupported media type. ${ACCEPTED_TYPES}`);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return badRequest('The Content-Length header does not match the body.');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return badRequest('The request body is not valid JSON.');
    case 'FST_ERR_BAD_URL':
      return badRequest(MALFORMED_URL);
    // Only ids, keys and session ids sit in paths: one longer than the router takes names nothing.
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return notFound();
  }
  return undefined;
}

/**
 * Schema validation failures: a bad path parameter (an id that is not a positive integer) is 404, a body
 * that is not a JSON object at all is 400, and field failures are 422 with Laravel-style messages.
 */
function fromValidation(error: FastifyError): AppError {
  if (error.validationContext === 'params') return notFound();
  const fields = toFieldErrors(error.validation ?? []);
  if (fields[''] !== undefined) return badRequest('The request body must be a JSON object.');
  return validation(fields);
}

export function toAppError(error: FastifyError | AppError): AppError {
  if (error instanceof AppError) return error;
  if (isStorageFull(error)) return storageFull();
  if (error.validation) return fromValidation(error);
  const known = fromFastifyError(error);
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) return new AppError(status, error.message);
  return new AppError(500, messages.serverError);
}

function sendError(request: FastifyRequest, reply: FastifyReply, error: FastifyError | AppError) {
  const answer = toAppError(error);
  if (answer.statusCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.warn({ status: answer.statusCode, reason: answer.message }, 'request refused');
  if (answer.headers) reply.headers(answer.headers);
  return reply
    .code(answer.statusCode)
    .type('application/json; charset=utf-8')
    .send(answer.errors ? { message: answer.message, errors: answer.errors } : { message: answer.message });
}

/**
 * Fastify's `frameworkErrors` option: what the router answers before any hook runs (a path it cannot
 * percent-decode, a path parameter over its length limit) goes through the same mapping.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  return sendError(request, reply, error);
}

/**
 * Fastify's `clientErrorHandler` option: bytes the HTTP parser cannot read as a request never reach
 * Fastify, so the answer is written to the socket here, still in the one shape.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large.']
        : [400, 'The request is not valid HTTP.'];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Whether a URL's query string cannot be percent-decoded. Fastify's query parser keeps such a value as
 * it is written (`%ff`) while the router refuses the same in a path: both are the same malformed URL.
 */
function hasMalformedQuery(url: string): boolean {
  const at = url.indexOf('?');
  if (at === -1) return false;
  try {
    decodeURIComponent(url.slice(at + 1));
    return false;
  } catch {
    return true;
  }
}

/** The one place where errors become answers in the shape `{message, errors?}` (docs/api.md "Errors"). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => sendError(request, reply, error));

    // Fastify's own answer to requests that arrive while it closes is not in the one shape, so it is off
    // (`return503OnClosing: false` in app.ts) and this hook, first on every route, answers them instead.
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    // Callback style: this runs on every request, ingestion's included.
    app.addHook('onRequest', (request, _reply, done) => {
      if (closing) {
        return done(
          new AppError(503, 'The server is shutting down; retry shortly.', undefined, {
            connection: 'close',
            'retry-after': '1',
          }),
        );
      }
      done(hasMalformedQuery(request.url) ? badRequest(MALFORMED_URL) : undefined);
    });
  },
  { name: 'errors' },
);
