import { isStorageFull } from '@footfall/db';
import { AppError, type FieldErrors, storageFull } from '../errors';

// A job's failure crosses from a worker thread as plain data and becomes, on the request thread, the error
// it would have been there: a refusal (AppError: a 422 of the query, a 404) keeps its status, message,
// fields and headers; a full disk its 503; anything else is a fault, logged with the worker's stack.

export type JobFailure =
  | {
      kind: 'refused';
      statusCode: number;
      message: string;
      errors?: FieldErrors;
      headers?: Record<string, string>;
    }
  | { kind: 'fault'; message: string; stack?: string };

export function describeFailure(error: unknown): JobFailure {
  const known = error instanceof AppError ? error : isStorageFull(error) ? storageFull() : undefined;
  if (known) {
    return {
      kind: 'refused',
      statusCode: known.statusCode,
      message: known.message,
      ...(known.errors && { errors: known.errors }),
      ...(known.headers && { headers: known.headers }),
    };
  }
  const fault = error instanceof Error ? error : new Error(String(error));
  return { kind: 'fault', message: fault.message, ...(fault.stack && { stack: fault.stack }) };
}

/** A fault in a worker, rethrown on the request thread with the worker's stack. */
export class WorkerJobError extends Error {
  override name = 'WorkerJobError';
}

export function failureError(failure: JobFailure): Error {
  if (failure.kind === 'refused') {
    return new AppError(failure.statusCode, failure.message, failure.errors, failure.headers);
  }
  const error = new WorkerJobError(failure.message);
  if (failure.stack) error.stack = failure.stack;
  return error;
}
