import { messages } from '@footfall/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError, badRequest, notFound, validation } from '../errors';
import { toFieldErrors } from '../validation/laravel-messages';

const ACCEPTED_TYPES = 'Send application/json.';

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

/** The one place where errors become answers in the shape `{message, errors?}` (API.md §1). */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | AppError, request, reply) => sendError(request, reply, error));
  },
  { name: 'errors' },
);
