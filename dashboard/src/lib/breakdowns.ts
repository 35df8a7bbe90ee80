import type { Breakdown, BreakdownRow, Filter } from '@footfall/contract';

// What each breakdown of the analytics answer is called, which filter a click on one of its rows sets, and
// which count it shows besides visitors (API.md §6: pages have pageviews, events events, the rest visits).

export interface BreakdownInfo {
  title: string;
  /** The column heading of its values. */
  column: string;
  /** The filter a row sets when clicked; languages have none in the API. */
  filter?: Filter;
  /** The second count of its rows. */
  count: 'pageviews' | 'visits' | 'events';
}

export const BREAKDOWN_INFO: Record<Breakdown, BreakdownInfo> = {
  pages: { title: 'Top pages', column: 'Page', filter: 'page', count: 'pageviews' },
  entry_pages: { title: 'Entry pages', column: 'Entry page', filter: 'entry_page', count: 'visits' },
  exit_pages: { title: 'Exit pages', column: 'Exit page', filter: 'exit_page', count: 'visits' },
  sources: { title: 'Sources', column: 'Source', filter: 'source', count: 'visits' },
  referrers: { title: 'Referrers', column: 'Referrer', filter: 'referrer', count: 'visits' },
  utm_sources: { title: 'UTM sources', column: 'UTM source', filter: 'utm_source', count: 'visits' },
  utm_mediums: { title: 'UTM mediums', column: 'UTM medium', filter: 'utm_medium', count: 'visits' },
  utm_campaigns: { title: 'UTM campaigns', column: 'UTM campaign', filter: 'utm_campaign', count: 'visits' },
  countries: { title: 'Countries', column: 'Country', filter: 'country', count: 'visits' },
  browsers: { title: 'Browsers', column: 'Browser', filter: 'browser', count: 'visits' },
  os: { title: 'Operating systems', column: 'Operating system', filter: 'os', count: 'visits' },
  devices: { title: 'Devices', column: 'Device', filter: 'device', count: 'visits' },
  languages: { title: 'Languages', column: 'Language', count: 'visits' },
  events: { title: 'Custom events', column: 'Event', filter: 'event', count: 'events' },
};

/** Human names of the filters, for the pills and the filter editor. */
export const FILTER_LABELS: Record<Filter, string> = {
  page: 'Page',
  entry_page: 'Entry page',
  exit_page: 'Exit page',
  hostname: 'Hostname',
  source: 'Source',
  referrer: 'Referrer',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  country: 'Country',
  browser: 'Browser',
  os: 'Operating system',
  device: 'Device',
  event: 'Custom event',
  goal: 'Goal',
};

/**
 * The value a row's click filters by. Referrer rows are `host/path`, while the `referrer` filter matches the
 * host (API.md §6), so a referrer row filters by its host.
 */
export function filterValueOf(breakdown: Breakdown, row: BreakdownRow): string {
  if (breakdown === 'referrers') return escapeFilterValue(row.value.split('/')[0] ?? row.value);
  return escapeFilterValue(row.value);
}

/**
 * A stored value as a filter that means exactly it: a leading `!` or `~`, a `|` and a `\` are the filters'
 * operators (docs/api.md §11), so they are written escaped.
 */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\|]/g, (char) => `\\${char}`).replace(/^[!~]/, (char) => `\\${char}`);
}

/** A filter's value as written by `escapeFilterValue`, read back for display. */
export function unescapeFilterValue(value: string): string {
  return value.replace(/\\([!~|\\])/g, '$1');
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

/** An ISO 3166-1 alpha-2 code's English name ("DE" → "Germany"); the code itself when unknown. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

const DEVICE_NAMES: Record<string, string> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet' };

/** How a row's value reads on screen: country and language names, capitalised devices. */
export function displayValue(breakdown: Breakdown, value: string): string {
  if (breakdown === 'countries') return countryName(value);
  if (breakdown === 'languages') return languageName(value);
  if (breakdown === 'devices') return DEVICE_NAMES[value] ?? value;
  return value;
}

/** How a filter's value reads in its pill. */
export function displayFilterValue(filter: Filter, value: string): string {
  if (filter === 'country') return countryName(value);
  if (filter === 'device') return DEVICE_NAMES[value] ?? value;
  return unescapeFilterValue(value);
}
