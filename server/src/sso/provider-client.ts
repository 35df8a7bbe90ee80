import * as client from 'openid-client';
import type { OidcConfig } from '../config';
import { isStorableText } from '../validation/text';
import { SsoError } from './sso-error';

/** What the provider says about the person signing in, from the ID token and, when missing there, userinfo. */
export interface ProviderIdentity {
  issuer: string;
  subject: string;
  email: string | undefined;
  emailVerified: boolean;
  name: string | undefined;
  zoneinfo: string | undefined;
}

/** The authorization request to send the browser to, and the secrets to check its answer with. */
export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface AuthorizationChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

const SCOPE = 'openid email profile';
/** Seconds before a request to the provider is given up. */
const REQUEST_TIMEOUT_S = 10;

const isLoopback = (url: URL) => /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/.test(url.hostname);
/** Issuer and subject are the link's key: short, and text both databases store alike. */
const isStorableKey = (value: string) => value.length > 0 && value.length <= 255 && isStorableText(value);
const text = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * The relying party's side of the authorization code flow with PKCE (openid-client). The provider's
 * metadata is discovered at the first sign-in and kept; a failed discovery is not kept, so a provider that
 * was down at start (or at the last attempt) is asked again at the next sign-in.
 */
export class ProviderClient {
  private discovered: Promise<client.Configuration> | undefined;

  constructor(
    private readonly config: OidcConfig,
    private readonly callbackUrl: string,
  ) {}

  private configuration(): Promise<client.Configuration> {
    this.discovered ??= this.discover().catch((error: unknown) => {
      this.discovered = undefined;
      throw new SsoError('provider_unavailable', { cause: error });
    });
    return this.discovered;
  }

  private discover(): Promise<client.Configuration> {
    const issuer = new URL(this.config.issuerUrl);
    return client.discovery(
      issuer,
      this.config.clientId,
      undefined,
      client.ClientSecretBasic(this.config.clientSecret),
      {
        // Plain http only for a provider on this machine, which the configuration alone admits.
        execute: issuer.protocol === 'http:' && isLoopback(issuer) ? [client.allowInsecureRequests] : [],
        timeout: REQUEST_TIMEOUT_S,
      },
    );
  }

  async start(): Promise<AuthorizationStart> {
    const configuration = await this.configuration();
    const codeVerifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const url = client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.callbackUrl,
      scope: SCOPE,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the provider's answer (`query`, the callback's raw query string) and validates
   * the ID token: signature, issuer, audience, expiry and nonce. Throws {@link SsoError}.
   */
  async finish(query: string, checks: AuthorizationChecks): Promise<ProviderIdentity> {
    const configuration = await this.configuration();
    const currentUrl = new URL(`${this.callbackUrl}${query}`);
    try {
      const tokens = await client.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const claims = tokens.claims();
      if (!claims || !isStorableKey(claims.iss) || !isStorableKey(claims.sub)) {
        throw new SsoError('invalid_response');
      }
      let profile: Record<string, unknown> = claims;
      // Providers that follow OpenID Connect strictly keep the profile claims for userinfo when an access
      // token is issued; the ID token's are used when present.
      if (claims.email === undefined || claims.email_verified === undefined) {
        profile = {
          ...(await client.fetchUserInfo(configuration, tokens.access_token, claims.sub)),
          ...claims,
        };
      }
      return {
        issuer: claims.iss,
        subject: claims.sub,
        email: text(profile.email),
        // Only a boolean true counts: some providers send "true" as a string, which proves nothing here.
        emailVerified: profile.email_verified === true,
        name: text(profile.name),
        zoneinfo: text(profile.zoneinfo),
      };
    } catch (error) {
      throw error instanceof SsoError ? error : new SsoError(classify(error), { cause: error });
    }
  }
}

/** Which of the sign-in screen's explanations fits a failure of the code exchange or the ID token. */
function classify(
  error: unknown,
): 'nonce_mismatch' | 'provider_error' | 'provider_unavailable' | 'invalid_response' {
  if (error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError) {
    return 'provider_error';
  }
  // Network failures: fetch rejects with a TypeError; a timeout is openid-client's own code.
  if (error instanceof TypeError && error.message === 'fetch failed') return 'provider_unavailable';
  if (error instanceof client.ClientError) {
    if (error.code === 'OAUTH_TIMEOUT' || error.code === 'OAUTH_ABORT') return 'provider_unavailable';
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM') return 'provider_error';
    const comparison = (error.cause as { cause?: { claim?: unknown } } | undefined)?.cause;
    if (error.code === 'OAUTH_JWT_CLAIM_COMPARISON_FAILED' && comparison?.claim === 'nonce') {
      return 'nonce_mismatch';
    }
  }
  return 'invalid_response';
}
