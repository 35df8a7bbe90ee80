import type { Breakdown, BreakdownRow, Filter } from '@footfall/contract';
import { countryName } from '@footfall/contract/format';
import { escapeFilterValue } from './filter-expression';

// What each breakdown of the analytics answer is called, which filter a click on one of its rows sets, and
// which count it shows besides visitors (docs/api.md "Analytics": pages have pageviews, events events, the rest visits).

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
 * host (docs/api.md "Analytics"), so a referrer row filters by its host.
 */
export function filterValueOf(breakdown: Breakdown, row: BreakdownRow): string {
  if (breakdown === 'referrers') return escapeFilterValue(row.value.split('/')[0] ?? row.value);
  return escapeFilterValue(row.value);
}

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'code' });

let codesByName: Map<string, string> | undefined;

function isCurrentRegion(code: string): boolean {
  try {
    return new Intl.Locale(`und-${code}`).region === code;
  } catch {
    return false;
  }
}

/**
 * The two-letter code of a country typed by its code or its English name, in any case ("de", "Germany");
 * undefined for anything else. The names are the ones `countryName` shows, so what is read can be typed.
 */
export function countryCodeOf(text: string): string | undefined {
  const typed = text.trim();
  if (/^[A-Za-z]{2}$/.test(typed)) return typed.toUpperCase();
  if (!codesByName) {
    codesByName = new Map();
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const first of letters) {
      for (const second of letters) {
        const code = first + second;
        const name = countryName(code).toLowerCase();
        // Old codes bear the names of today's (DD: Germany, UK: United Kingdom): only these are kept.
        if (name !== code.toLowerCase() && isCurrentRegion(code)) codesByName.set(name, code);
      }
    }
  }
  return codesByName.get(typed.toLowerCase());
}

export function languageName(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

export const DEVICE_NAMES: Record<string, string> = {
  desktop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
};

/** How a row's value reads on screen: country and language names, capitalised devices. */
export function displayValue(breakdown: Breakdown, value: string): string {
  if (breakdown === 'countries') return countryName(value);
  if (breakdown === 'languages') return languageName(value);
  if (breakdown === 'devices') return DEVICE_NAMES[value] ?? value;
  return value;
}
