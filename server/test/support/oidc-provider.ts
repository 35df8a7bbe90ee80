// A real OpenID provider (oidc-provider) running in this process on a free loopback port, for the server
// tests and the end-to-end set-up. It registers one confidential client that must use PKCE, serves the
// accounts it is given, and replaces the library's development login pages with one small page of its own
// (no external fonts or scripts): type an account's e-mail address or subject, press "Sign in", and the
// provider signs that account in and grants the client's scopes at once (no separate consent page).
// "Cancel" ends the interaction with `access_denied`, as a person who declines would.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Configuration } from 'oidc-provider';

export interface ProviderAccount {
  /** The subject: the provider's lasting id for the person. */
  sub: string;
  email: string;
  email_verified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The server's OIDC_* settings for this provider. */
  env: Record<string, string>;
  /** Adds or replaces an account (an address changed at the provider keeps its subject). */
  setAccount(account: ProviderAccount): void;
  close(): Promise<void>;
}

export interface OidcProviderOptions {
  /** Where the client may be sent back: the server's `{APP_URL}/api/auth/oidc/callback`. */
  redirectUris: string[];
  accounts: ProviderAccount[];
  /** The port to listen on (0, a free one, by default). */
  port?: number;
}

const SCOPE = 'openid email profile';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px system-ui,sans-serif;max-width:22rem;margin:3rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;box-sizing:border-box;margin:.4rem 0}input,button{padding:.5rem}
.error{color:#a00}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
}

function loginPage(uid: string, error?: string): string {
  return page(
    'Test Identity Provider',
    `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}">
<label for="login">E-mail address</label><input id="login" name="login" autocomplete="off" required autofocus>
<button type="submit" name="action" value="login">Sign in</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`,
  );
}

async function formBody(request: IncomingMessage): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return new URLSearchParams(text);
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<TestOidcProvider> {
  const accounts = new Map<string, ProviderAccount>();
  const setAccount = (account: ProviderAccount) => {
    accounts.set(account.sub, account);
  };
  for (const account of options.accounts) setAccount(account);
  const findByLogin = (login: string) =>
    accounts.get(login) ??
    [...accounts.values()].find((account) => account.email.toLowerCase() === login.trim().toLowerCase());

  let handler: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => handler(request, response));
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'footfall';
  const clientSecret = randomBytes(24).toString('base64url');
  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });

  const configuration: Configuration = {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: (_ctx, sub) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...accounts.get(sub), sub }) };
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    jwks: { keys: [{ ...signingKey, kid: 'test-key', alg: 'RS256', use: 'sig' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page('Sign-in error', `<p>${escapeHtml(String(out.error_description ?? out.error))}</p>`);
    },
  };
  const provider = new Provider(issuer, configuration);
  const providerCallback = provider.callback();

  async function interaction(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(request, response);
    if (request.method !== 'POST') {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(loginPage(details.uid));
      return;
    }
    const form = await formBody(request);
    if (form.get('action') === 'cancel') {
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person cancelled the sign-in.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const account = findByLogin(form.get('login') ?? '');
    if (!account) {
      response.setHeader('content-type', 'text/html; charset=utf-8');
      response.end(loginPage(details.uid, 'No such account at this provider.'));
      return;
    }
    const grant = new provider.Grant({ accountId: account.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(SCOPE);
    const grantId = await grant.save();
    await provider.interactionFinished(
      request,
      response,
      { login: { accountId: account.sub }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  handler = (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interaction(request, response).catch((error: unknown) => {
        response.statusCode = 400;
        response.end(page('Sign-in error', escapeHtml(String((error as Error).message))));
      });
      return;
    }
    providerCallback(request, response);
  };

  return {
    issuer,
    clientId,
    clientSecret,
    env: { OIDC_ISSUER_URL: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret },
    setAccount,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
