import type { AuthProvidersAnswer } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// Single sign-on with the configured OpenID provider (docs/api.md "Single sign-on").

/** The provider configured, if any. */
export function getAuthProviders(client: ApiClient, options?: CallOptions): Promise<AuthProvidersAnswer> {
  return client.get<AuthProvidersAnswer>('/api/auth/providers', options);
}

/**
 * The address where a sign-in through the provider starts: a plain link, since the sign-in is a round trip
 * of page loads through the provider's pages.
 */
export function singleSignOnStartHref(params: URLSearchParams): string {
  return `/api/auth/oidc/start?${params}`;
}
