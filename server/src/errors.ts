import { messages } from '@footfall/contract';

export type FieldErrors = Record<string, string[]>;

/**
 * An error that becomes an answer in the contract's shape `{message, errors?}`. Code throws these (through
 * the helpers below); the one error handler turns them, and everything else, into replies.
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new AppError(400, message);
export const unauthenticated = () => new AppError(401, messages.unauthenticated);
export const forbidden = (message: string) => new AppError(403, message);
export const notFound = () => new AppError(404, messages.notFound);
export const validation = (errors: FieldErrors) => new AppError(422, messages.invalidData, errors);
export const fieldError = (field: string, message: string) => validation({ [field]: [message] });

/** 429 with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(message: string, retryAfterMs: number): AppError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(429, message, undefined, { 'retry-after': String(seconds) });
}

/**
 * A full disk is no fault of the request: 503 with `Retry-After`, on every route, so that a client waits
 * and tries again (docs/api.md "Limits that hold under attack"). Nothing acknowledged is lost: a write
 * that failed was never answered with success.
 */
export const storageFull = () =>
  new AppError(503, 'The server is out of storage space; try again in a few minutes.', undefined, {
    'retry-after': '300',
  });
