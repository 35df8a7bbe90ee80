import type {
  AnalyticsDetailAnswer,
  SharedAccessAnswer,
  SharedSiteAnswer,
  SharedUnlockBody,
} from '@footfall/contract';
import type { ApiClient, CallOptions, Query } from './client';

// What a shared link's pages ask, by the link's token and without a session (docs/api.md "Shared links").

const sharedPath = (token: string, rest = '') => `/api/shared/${encodeURIComponent(token)}${rest}`;

/** The site's name and whether a password is needed. */
export function getSharedSite(
  client: ApiClient,
  token: string,
  options?: CallOptions,
): Promise<SharedSiteAnswer> {
  return client.get<SharedSiteAnswer>(sharedPath(token), options);
}

/** The access token of a password-protected link. */
export function unlockSharedLink(
  client: ApiClient,
  token: string,
  body: SharedUnlockBody,
  options?: CallOptions,
): Promise<SharedAccessAnswer> {
  return client.post<SharedAccessAnswer>(sharedPath(token, '/unlock'), body, options);
}

/** The analytics detail through the link; the query is the URL's, as for `getAnalyticsDetail`. */
export function getSharedAnalyticsDetail(
  client: ApiClient,
  token: string,
  query: Query,
  options?: CallOptions,
): Promise<AnalyticsDetailAnswer> {
  return client.get<AnalyticsDetailAnswer>(sharedPath(token, '/analytics-detail'), { ...options, query });
}
