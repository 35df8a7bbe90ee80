import type { AnalyticsDetail, SharedSite } from '@footfall/contract';
import { ApiError } from '../api/api-error';
import type { ApiClient, Query } from '../api/client';
import { getSharedAnalyticsDetail, getSharedSite, unlockSharedLink } from '../api/shared-views';
import { accessTokenOf, forgetAccess, rememberAccess } from './shared-access';

/** Why a shared link shows no dashboard: it no longer works, or it waits for its password. */
export type SharedState = 'gone' | 'locked';

/**
 * The requests of a shared link's pages. They send the link's access token or no token at all (never the
 * session of a viewer who is signed in too), and are `silent`: the share page says what went wrong itself,
 * since the error catalogue's follow-ups (signing out, leaving the page) are for the signed-in screens.
 */
export function createSharedLinkActions(client: ApiClient) {
  /** The site's name and whether a password is needed, or `gone` (404). */
  async function fetchSite(token: string, signal?: AbortSignal): Promise<SharedSite | 'gone'> {
    try {
      return (await getSharedSite(client, token, { signal, silent: true, bearer: null })).data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return 'gone';
      throw error;
    }
  }

  /** Unlocks a link; a wrong password is thrown as the API's 422, for the form to show. */
  async function unlock(token: string, password: string): Promise<void> {
    const { data } = await unlockSharedLink(client, token, { password }, { silent: true, bearer: null });
    rememberAccess(token, data);
  }

  /**
   * The analytics detail through the link, or why there is none: `gone` (404) or `locked` (401, the access
   * token forgotten so that the password form shows again).
   */
  async function fetchDetail(
    token: string,
    query: Query,
    options: { signal?: AbortSignal; background?: boolean; inPlace?: boolean } = {},
  ): Promise<AnalyticsDetail | SharedState> {
    try {
      const answer = await getSharedAnalyticsDetail(client, token, query, {
        ...options,
        silent: true,
        bearer: accessTokenOf(token) ?? null,
      });
      return answer.data;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return 'gone';
      if (error instanceof ApiError && error.status === 401) {
        forgetAccess(token);
        return 'locked';
      }
      throw error;
    }
  }

  return { fetchSite, unlock, fetchDetail };
}

export type SharedLinkActions = ReturnType<typeof createSharedLinkActions>;
