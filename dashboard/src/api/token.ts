import type { CookieJar } from './cookies';

// The session token lives in the `token` cookie (docs/architecture.md "The dashboard"): for 365 days with "remember me", otherwise
// for the browser session. The server never reads it from the cookie: the client sends it as a Bearer.

export const TOKEN_COOKIE = 'token';
export const REMEMBER_DAYS = 365;
const REMEMBER_SECONDS = REMEMBER_DAYS * 24 * 60 * 60;

export type TokenKind = 'user' | 'admin';

export function readToken(cookies: CookieJar): string | undefined {
  const token = cookies.get(TOKEN_COOKIE);
  return token ? token : undefined;
}

export function saveToken(cookies: CookieJar, token: string, remember: boolean, secure: boolean): void {
  cookies.set(TOKEN_COOKIE, token, { ...(remember ? { maxAgeSeconds: REMEMBER_SECONDS } : {}), secure });
}

export function clearToken(cookies: CookieJar): void {
  cookies.remove(TOKEN_COOKIE);
}

/**
 * Whose session a token is, read from its claims (`{sid, kind}`). Reading is not verifying: the server checks
 * the signature on every request; the client only needs to know which kind of account to sign out.
 */
export function tokenKind(token: string | undefined): TokenKind | undefined {
  const payload = token?.split('.')[1];
  if (!payload) return undefined;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const kind: unknown = (JSON.parse(json) as { kind?: unknown }).kind;
    return kind === 'user' || kind === 'admin' ? kind : undefined;
  } catch {
    return undefined;
  }
}
