import type { AnalyticsDetail, SharedSite } from '@footfall/contract';
import type { Query } from '../../api/client';
import { sharedLinks } from '../../app/services';
import type { AnalyticsSearch } from '../../lib/analytics/analytics-search';
import { keepRangeWithinToday } from '../../lib/analytics/range-within-today';
import { accessTokenOf } from '../../state/shared-access';
import type { SharedState } from '../../state/shared-link-actions';

/** A shared page's own parameter: `embed=true` draws it for an iframe (no header, footer or title bar). */
export interface ShareSearch {
  embed?: 'true';
}

export function validateShareSearch(raw: Record<string, unknown>): ShareSearch {
  return raw.embed === 'true' ? { embed: 'true' } : {};
}

// A link's name and password rule, read once per page load: moving between its pages and changing the period
// need no new request. A detail that answers 404 later says the link has gone (see sharedDetailState).
const sites = new Map<string, SharedSite | 'gone'>();

/** What the share pages show first: the site's name and whether a password is needed, or `gone`. */
export async function sharedSiteOf(token: string, signal: AbortSignal): Promise<SharedSite | 'gone'> {
  const known = sites.get(token);
  if (known) return known;
  const site = await sharedLinks.fetchSite(token, signal);
  sites.set(token, site);
  return site;
}

/**
 * A shared page's detail, or why there is none: the link is gone, or locked (it has a password and this tab
 * holds no live access token for it, so nothing is asked). A `page` whose range ends after the site's today
 * is sent to the same page ended today.
 */
export async function loadSharedDetail(
  token: string,
  site: SharedSite | 'gone',
  query: Query,
  signal: AbortSignal,
  page: { search: AnalyticsSearch; href: string; inPlace?: boolean },
): Promise<AnalyticsDetail | SharedState> {
  if (site === 'gone') return 'gone';
  await keepRangeWithinToday(page.search, page.href, async () => site.timezone);
  if (site.has_password && !accessTokenOf(token)) return 'locked';
  const answer = await sharedLinks.fetchDetail(token, query, { signal, inPlace: page.inPlace ?? false });
  if (answer === 'gone') sites.set(token, 'gone');
  return answer;
}
