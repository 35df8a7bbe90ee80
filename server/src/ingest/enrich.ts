import type { UserAgentInfo } from './enrich/user-agent';
import type { ParsedEvent } from './parse';
import type { ReadyEvent, VisitAttributes } from './types';

export type { UserAgentInfo };

/** The lookups enrichment needs; injected so tests and imports can supply their own. */
export interface Enrichers {
  parseUserAgent(userAgent: string | undefined): UserAgentInfo;
  /** ISO 3166-1 alpha-2 country of an IP address, or null. */
  country(ip: string): string | null;
  /** The referrer row value and the source; both null for no referrer or an internal one. */
  referrer(
    referrer: string | undefined,
    eventHost: string,
    internalHosts: readonly string[],
  ): { referrer: string | null; source: string | null };
}

export const DIRECT_SOURCE = 'Direct / None';

const UTM_LIMIT = 300;

function utm(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value ? value.slice(0, UTM_LIMIT) : null;
}

/**
 * A language tag as sent, normalised to `ll-RR` case (`en-us` → `en-US`, `zh_hant_tw` → `zh-Hant-TW`).
 * Anything that does not look like a BCP 47 tag is dropped.
 */
export function normalizeLanguage(tag: string | undefined): string | null {
  if (!tag || !/^[A-Za-z]{2,8}([-_][A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  return tag
    .split(/[-_]/)
    .map((part, index) => {
      if (index === 0) return part.toLowerCase();
      if (part.length === 4 && /^[A-Za-z]+$/.test(part))
        return part[0]?.toUpperCase() + part.slice(1).toLowerCase();
      if (part.length === 2 || /^\d{3}$/.test(part)) return part.toUpperCase();
      return part.toLowerCase();
    })
    .join('-');
}

/** The page path as analytics shows it: no query; the hash kept only when the tracker sent one (hash mode). */
export function pagePath(url: URL): string {
  return url.hash.length > 1 ? url.pathname + url.hash : url.pathname;
}

/**
 * Step "enrich": where a visit came from (referrer, source, UTM) and who made it (country, browser, OS,
 * device, language). Source rule (API.md §5): a known referrer's name, else the referrer's host; with no
 * referrer, `utm_source`; otherwise Direct / None.
 */
export function visitAttributes(
  event: ParsedEvent,
  ua: UserAgentInfo,
  country: string | null,
  referrer: { referrer: string | null; source: string | null },
): VisitAttributes {
  const params = event.url.searchParams;
  const utmSource = utm(params, 'utm_source');
  return {
    hostname: event.url.hostname,
    source: referrer.source ?? utmSource ?? DIRECT_SOURCE,
    referrer: referrer.referrer,
    utmSource,
    utmMedium: utm(params, 'utm_medium'),
    utmCampaign: utm(params, 'utm_campaign'),
    utmContent: utm(params, 'utm_content'),
    utmTerm: utm(params, 'utm_term'),
    country,
    browser: ua.browser,
    os: ua.os,
    device: ua.device,
    language: normalizeLanguage(event.language),
  };
}

/** The event's own fields as stored, plus what the pipeline (or an import) worked out about it. */
export function readyEvent(
  event: ParsedEvent,
  worked: Pick<
    ReadyEvent,
    'companyId' | 'ts' | 'pathname' | 'visitorId' | 'session' | 'visit' | 'usageMonth'
  >,
): ReadyEvent {
  return {
    ...worked,
    kind: event.type,
    name: event.name ?? null,
    hostname: event.url.hostname,
    props: event.props ?? null,
    engagedMs: event.engaged_ms ?? null,
    scrollDepth: event.scroll_depth ?? null,
  };
}
