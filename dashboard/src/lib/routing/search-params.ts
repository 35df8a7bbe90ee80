// The router's default search handling JSON-parses each value, so a page named `404`, a filter value `true`
// or a link signature such as `12e45` would change type on the way in. Here every value stays the text it
// was in the URL, and each route's validateSearch decides what it means.

/** `?a=1&b=x` → `{a: '1', b: 'x'}`; a repeated name keeps its last value. */
export function parseSearch(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}

/** The inverse of {@link parseSearch}: empty, null and undefined values are left out. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** A same-site path to return to after signing in: `//host` and `/\\host` are other sites to a browser. */
export function isSameSitePath(value: unknown): value is string {
  return typeof value === 'string' && /^\/(?![/\\])/.test(value);
}
