import type { ErrorBody } from '@footfall/contract';

/** Field messages of a 422 answer, by field name (docs/api.md "Errors"). */
export type FieldErrors = Record<string, string[]>;

/** What a failed request tells its caller. Every error is passed on (docs/architecture.md "The dashboard"), alert or not. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** The HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The 422 field messages, empty otherwise. */
  readonly errors: FieldErrors;
  readonly method: string;
  readonly url: string;
  /** `Retry-After` in seconds, on 429 and 503 answers that send it. */
  readonly retryAfterSeconds: number | undefined;

  constructor(init: {
    status: number;
    message: string;
    method: string;
    url: string;
    errors?: FieldErrors;
    retryAfterSeconds?: number;
    cause?: unknown;
  }) {
    super(init.message, { cause: init.cause });
    this.status = init.status;
    this.errors = init.errors ?? {};
    this.method = init.method;
    this.url = init.url;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  /** The first message of a field, for showing beside it. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reads the contract's `{message, errors?}` out of an error answer of any shape. */
export function errorBodyOf(body: unknown, fallback: string): ErrorBody {
  if (typeof body !== 'object' || body === null) return { message: fallback };
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  const result: ErrorBody = { message: typeof message === 'string' && message ? message : fallback };
  if (typeof errors === 'object' && errors !== null) {
    const fields: FieldErrors = {};
    for (const [field, list] of Object.entries(errors)) {
      if (Array.isArray(list))
        fields[field] = list.filter((item): item is string => typeof item === 'string');
    }
    result.errors = fields;
  }
  return result;
}
