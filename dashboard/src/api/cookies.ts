// The browser's cookies behind a small interface, so the API client can run in tests with a jar of its own.

export interface CookieOptions {
  /** Seconds until the cookie expires; without it the cookie lasts for the browser session. */
  maxAgeSeconds?: number;
  /** Sent only over https. */
  secure?: boolean;
}

export interface CookieJar {
  /** The decoded value, or undefined when there is no such cookie. */
  get(name: string): string | undefined;
  set(name: string, value: string, options?: CookieOptions): void;
  remove(name: string): void;
}

function decode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // A value that is not percent-encoding is used as it is (servers may set raw values).
    return value;
  }
}

/** Reads one cookie out of a `Cookie`-style string (`a=1; b=2`). */
export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return decode(part.slice(separator + 1).trim());
  }
  return undefined;
}

/** The attributes every cookie of the dashboard carries: the whole site, same-site navigations only. */
export function cookieAttributes(options: CookieOptions = {}): string {
  const attributes = ['Path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) attributes.push(`Max-Age=${Math.floor(options.maxAgeSeconds)}`);
  if (options.secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** `document.cookie`, seen through the CookieJar interface. */
export const documentCookies: CookieJar = {
  get: (name) => readCookie(document.cookie, name),
  set: (name, value, options) => {
    // biome-ignore lint/suspicious/noDocumentCookie: the token must be a cookie (docs/architecture.md "The dashboard"), and the Cookie Store API is not in every browser.
    document.cookie = `${name}=${encodeURIComponent(value)}; ${cookieAttributes(options)}`;
  },
  remove: (name) => {
    // biome-ignore lint/suspicious/noDocumentCookie: see above.
    document.cookie = `${name}=; ${cookieAttributes({ maxAgeSeconds: 0 })}`;
  },
};

/** A jar in memory, for tests and for environments without `document`. */
export function memoryCookies(
  initial: Record<string, string> = {},
): CookieJar & { all(): Record<string, string> } {
  const values = new Map(Object.entries(initial));
  return {
    get: (name) => values.get(name),
    set: (name, value) => void values.set(name, value),
    remove: (name) => void values.delete(name),
    all: () => Object.fromEntries(values),
  };
}
