// Drives a single sign-on over real HTTP: the app through `inject`, the in-process provider through fetch
// with a cookie jar of its own, as a browser would between the two.
import type { LightMyRequestResponse } from 'fastify';
import type { App } from '../../src/types';

/** The provider's cookies, by name; the provider is one origin, so every cookie goes with every request. */
class CookieJar {
  private readonly values = new Map<string, string>();

  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = header.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired || value === '') this.values.delete(name);
      else this.values.set(name, value);
    }
  }

  header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface StartedSignIn {
  /** The provider's authorization URL the app redirected to. */
  authorizationUrl: URL;
  /** The app's sealed state cookie, `footfall_sso=…`. */
  stateCookie: string;
}

/** `GET /api/auth/oidc/start`, answering where it sends the browser and the cookie it sets. */
export async function startSignIn(app: App, query = ''): Promise<StartedSignIn> {
  const response = await app.inject({ method: 'GET', url: `/api/auth/oidc/start${query}` });
  if (response.statusCode !== 302) throw new Error(`start answered ${response.statusCode}: ${response.body}`);
  const cookie = setCookie(response, 'footfall_sso');
  if (!cookie) throw new Error('start set no state cookie');
  return {
    authorizationUrl: new URL(String(response.headers.location)),
    stateCookie: cookie.split(';')[0] ?? '',
  };
}

/** The `name=value; attributes` of the cookie the answer sets, if it sets one by that name. */
export function setCookie(response: LightMyRequestResponse, name: string): string | undefined {
  const headers = response.headers['set-cookie'];
  const list = Array.isArray(headers) ? headers : headers === undefined ? [] : [String(headers)];
  return list.find((header) => header.startsWith(`${name}=`));
}

/**
 * Follows the authorization request at the provider and signs in as `login` (or cancels, with null):
 * answers the URL the provider sends the browser back to, the app's callback with its query.
 */
export async function signInAtProvider(authorizationUrl: URL, login: string | null): Promise<URL> {
  const jar = new CookieJar();
  const request = async (url: URL, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.store(response);
    return response;
  };
  let response = await request(authorizationUrl);
  let submitted = false;
  for (let hops = 0; hops < 10; hops += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status}: ${await response.text()}`);
    const next = new URL(location, response.url || authorizationUrl);
    if (next.origin !== authorizationUrl.origin) return next;
    if (next.pathname.startsWith('/interaction/') && !submitted) {
      submitted = true;
      const form: Record<string, string> = login === null ? { action: 'cancel' } : { action: 'login', login };
      response = await request(next, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
    } else {
      response = await request(next);
    }
  }
  throw new Error('the provider redirected too many times');
}

/** The app's callback with the provider's answer and the given state cookie. */
export function callback(app: App, providerAnswer: URL, stateCookie: string | undefined) {
  return app.inject({
    method: 'GET',
    url: `${providerAnswer.pathname}${providerAnswer.search}`,
    headers: stateCookie ? { cookie: stateCookie } : {},
  });
}

/** The whole sign-in: start, the provider's pages, the callback. */
export async function signInThroughProvider(app: App, login: string | null, query = '') {
  const started = await startSignIn(app, query);
  const answer = await signInAtProvider(started.authorizationUrl, login);
  return callback(app, answer, started.stateCookie);
}
