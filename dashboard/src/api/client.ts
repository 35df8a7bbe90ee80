import { ApiError, errorBodyOf } from './api-error';
import type { CookieJar } from './cookies';
import { decodeEnvelope, isEnvelope } from './envelope';
import { readToken } from './token';

// The client's request rules (docs/architecture.md "The dashboard"): JSON bodies, `X-XSRF-TOKEN` from the `XSRF-TOKEN`
// cookie (fetched from /api/csrf-cookie first when missing), `Authorization: Bearer` from the `token` cookie,
// envelopes decrypted, a count of requests in flight, and every error both reported and passed on.

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const CSRF_COOKIE_PATH = '/api/csrf-cookie';
/** The server's answer when the XSRF header and cookie differ (docs/api.md "Errors"). */
const CSRF_MISMATCH = 419;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type QueryValue = string | number | boolean | null | undefined;
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /**
   * A request made on a timer: it does not raise the full-page loader, and the error catalogue treats its
   * server faults as passing (see `ErrorContext.background`).
   */
  background?: boolean;
  /**
   * A new answer for what the page already shows (another period or filter): no full-page loader, the page
   * fades its figures meanwhile; unlike `background`, its failures are reported like any other request's.
   */
  inPlace?: boolean;
  /** The caller handles every failure itself, with no alert (sign-out, whose errors are ignored). */
  silent?: boolean;
  /**
   * Sent as `Authorization: Bearer` instead of the session's token, or no token at all with null: a shared
   * link's pages send its access token, and never the session of a viewer who happens to be signed in.
   */
  bearer?: string | null;
}

/**
 * What a caller of the resource modules (`api/companies.ts`, `api/goals.ts`…) may add to a request: the
 * query and the body are the route's own, typed by its function.
 */
export type CallOptions = Omit<RequestOptions, 'query' | 'body'>;

export interface FailedRequest {
  error: ApiError;
  background: boolean;
  silent: boolean;
}

export interface ClientEnvironment {
  /** Prefixed to every path; empty in the browser, where the API is same-origin. */
  baseUrl: string;
  fetch: typeof fetch;
  cookies: CookieJar;
  /** A foreground request started (true) or settled (false): drives `globalLoader` and `apiCount`. */
  onActivity?: (started: boolean) => void;
  /** Every failed request, before its error is thrown to the caller. */
  onError?: (failure: FailedRequest) => void;
}

export interface ApiClient {
  request<T>(method: string, path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  patch<T>(path: string, body?: unknown, options?: RequestOptions): Promise<T>;
  delete<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** `path` with the query's non-empty values appended, in the order given. */
export function withQuery(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.append(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

export function createApiClient(environment: ClientEnvironment): ApiClient {
  const { baseUrl, cookies } = environment;

  async function ensureXsrfCookie(signal: AbortSignal | undefined): Promise<void> {
    if (cookies.get(XSRF_COOKIE)) return;
    // Any /api answer sets the cookie when it is missing; this route exists only for that.
    await environment.fetch(baseUrl + CSRF_COOKIE_PATH, { credentials: 'same-origin', signal });
  }

  function headersFor(method: string, hasBody: boolean, bearer: string | null | undefined): Headers {
    const headers = new Headers({ Accept: 'application/json' });
    if (hasBody) headers.set('Content-Type', 'application/json');
    const xsrf = cookies.get(XSRF_COOKIE);
    if (xsrf && UNSAFE_METHODS.has(method)) headers.set(XSRF_HEADER, xsrf);
    const token = bearer === undefined ? readToken(cookies) : bearer;
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }

  async function send(method: string, url: string, options: RequestOptions): Promise<Response> {
    const hasBody = options.body !== undefined;
    const attempt = async () => {
      if (UNSAFE_METHODS.has(method)) await ensureXsrfCookie(options.signal);
      return environment.fetch(baseUrl + url, {
        method,
        headers: headersFor(method, hasBody, options.bearer),
        body: hasBody ? JSON.stringify(options.body) : undefined,
        credentials: 'same-origin',
        signal: options.signal,
      });
    };
    const response = await attempt();
    if (response.status !== CSRF_MISMATCH || !UNSAFE_METHODS.has(method)) return response;
    // The cookie changed under us (another tab, cleared cookies): fetch a fresh one and try once more.
    cookies.remove(XSRF_COOKIE);
    return attempt();
  }

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
    const url = withQuery(path, options.query);
    const background = options.background ?? false;
    const raisesLoader = !background && !options.inPlace;
    if (raisesLoader) environment.onActivity?.(true);
    try {
      const response = await send(method, url, options).catch((cause: unknown) => {
        if (options.signal?.aborted) throw cause;
        throw new ApiError({ status: 0, message: 'The server could not be reached.', method, url, cause });
      });
      return (await readAnswer(response, method, url)) as T;
    } catch (error) {
      if (error instanceof ApiError)
        environment.onError?.({ error, background, silent: options.silent ?? false });
      throw error;
    } finally {
      if (raisesLoader) environment.onActivity?.(false);
    }
  }

  return clientOver(request);
}

/** A client whose verbs all go through `request`: the real one, or one a test records requests with. */
export function clientOver(request: ApiClient['request']): ApiClient {
  return {
    request,
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    patch: (path, body, options) => request('PATCH', path, { ...options, body }),
    delete: (path, options) => request('DELETE', path, options),
  };
}

/** The answer's JSON, with an envelope decrypted; an ApiError for any non-2xx status. */
async function readAnswer(response: Response, method: string, url: string): Promise<unknown> {
  const text = await response.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!response.ok) {
    const { message, errors } = errorBodyOf(body, response.statusText || `HTTP ${response.status}`);
    const retryAfter = Number(response.headers.get('Retry-After'));
    throw new ApiError({
      status: response.status,
      message,
      method,
      url,
      ...(errors ? { errors } : {}),
      ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: retryAfter } : {}),
    });
  }
  if (text !== '' && body === undefined) {
    throw new ApiError({
      status: response.status,
      message: 'The server sent an answer that is not JSON.',
      method,
      url,
    });
  }
  if (!isEnvelope(body)) return body;
  try {
    return await decodeEnvelope(body);
  } catch (cause) {
    throw new ApiError({
      status: response.status,
      message: 'The answer could not be decrypted.',
      method,
      url,
      cause,
    });
  }
}
