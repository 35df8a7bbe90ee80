import { type ApiClient, clientOver, type RequestOptions, withQuery } from '../../src/api/client';

export interface RecordedRequest {
  method: string;
  /** The path with its query, as the scripted server receives it. */
  url: string;
  body: unknown;
}

/**
 * The request an `api/` function makes, asked of a client that records it instead of sending it: tests of
 * the screens' and the state's requests name the function they expect (`urlOf((client) => getUser(client))`)
 * rather than repeating its URL, which only `api/` knows.
 */
export function requestOf(call: (client: ApiClient) => Promise<unknown>): RecordedRequest {
  let recorded: RecordedRequest | undefined;
  const request = <T>(method: string, path: string, options: RequestOptions = {}): Promise<T> => {
    recorded = { method, url: withQuery(path, options.query), body: options.body };
    // Never settles: only the request matters here.
    return new Promise<T>(() => undefined);
  };
  void call(clientOver(request));
  if (!recorded) throw new Error('The call made no request.');
  return recorded;
}

/** The URL (path and query) of the request an `api/` function makes. */
export function urlOf(call: (client: ApiClient) => Promise<unknown>): string {
  return requestOf(call).url;
}
