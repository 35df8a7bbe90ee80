import { redirect } from '@tanstack/react-router';
import { type AnalyticsSearch, todayIn } from './analytics-search';

/** The zone whose today comes first on Earth (UTC−12): every site's today is on or after its date. */
const EARLIEST_ZONE = 'Etc/GMT+12';

/**
 * A bookmarked custom range that ends after the site's today, ended today instead (starting today too when
 * it started later): the API refuses such a `to` (422), the picker cannot make one, and a link kept for a
 * while should still open. Undefined when the range is fine as it is. The site's zone is asked for only when
 * the range ends after the earliest today on Earth, so a past range costs no request.
 */
export async function rangeWithinToday(
  search: AnalyticsSearch,
  zoneOf: () => Promise<string>,
  now: Date = new Date(),
): Promise<{ from: string; to: string } | undefined> {
  const { period, from, to } = search;
  if (period !== 'custom' || !from || !to || to <= todayIn(EARLIEST_ZONE, now)) return undefined;
  const today = todayIn(await zoneOf(), now);
  if (to <= today) return undefined;
  // Dates compare as text (YYYY-MM-DD), so Math.min does not apply.
  return { from: from.localeCompare(today) > 0 ? today : from, to: today };
}

/** `href` (a path with its query) with the range's `from` and `to` replaced. */
export function hrefWithRange(href: string, range: { from: string; to: string }): string {
  const url = new URL(href, 'http://localhost');
  url.searchParams.set('from', range.from);
  url.searchParams.set('to', range.to);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * For a route's loader: moves to the same page with the range ended today (replacing the history entry)
 * when the search's range ends after the site's today; returns when it does not.
 */
export async function keepRangeWithinToday(
  search: AnalyticsSearch,
  href: string,
  zoneOf: () => Promise<string>,
): Promise<void> {
  const range = await rangeWithinToday(search, zoneOf);
  if (range) throw redirect({ href: hrefWithRange(href, range), replace: true });
}
