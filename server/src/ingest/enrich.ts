import { isStorableText } from '../validation/text';
import type { ReferrerInfo } from './enrich/referrer';
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
  referrer(referrer: string | undefined, eventHost: string, internalHosts: readonly string[]): ReferrerInfo;
}

const DIRECT_SOURCE = 'Direct / None';

const UTM_LIMIT = 300;

/**
 * A UTM field of the page URL's query. Its percent-escapes are decoded, so a valid URL may still carry a
 * NUL (`?utm_source=%00`): such a value is unusable and counts as absent, as an unreadable referrer does.
 */
function utm(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim();
  return value && isStorableText(value) ? value.slice(0, UTM_LIMIT) : null;
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

/**
 * The visitor's preferred language from an `Accept-Language` header (`fr-CH, fr;q=0.9, en;q=0.8`): the
 * tag with the highest weight, the first of equals. The tracker does not send `navigator.language`, whose
 * first entry browsers send here anyway; an event's own `language` still wins.
 */
export function preferredLanguage(header: string | undefined): string | undefined {
  if (!header) return undefined;
  let best: string | undefined;
  let bestWeight = 0;
  for (const part of header.split(',', 20)) {
    const [tag = '', ...params] = part.split(';');
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const weight = quality === undefined ? 1 : Number(quality.slice(2));
    const trimmed = tag.trim();
    if (trimmed && trimmed !== '*' && weight > bestWeight) {
      best = trimmed;
      bestWeight = weight;
    }
  }
  return best;
}

/** The page path as analytics shows it: no query; the hash kept only when the tracker sent one (hash mode). */
export function pagePath(url: URL): string {
  return url.hash.length > 1 ? url.pathname + url.hash : url.pathname;
}

/**
 * A tracked visit's attributes from its first event and the request that brought it: the address gives the
 * country, `Accept-Language` the language the event did not name, and the company's own hosts tell an
 * internal referrer from a source.
 */
export function trackedVisitAttributes(
  enrichers: Enrichers,
  event: ParsedEvent,
  ua: UserAgentInfo,
  request: { ip: string; acceptLanguage?: string | undefined },
  internalHosts: readonly string[],
): VisitAttributes {
  return visitAttributes(
    event,
    ua,
    enrichers.country(request.ip),
    enrichers.referrer(event.referrer, event.url.hostname, internalHosts),
    preferredLanguage(request.acceptLanguage),
  );
}

/**
 * Step "enrich": where a visit came from (referrer, source, UTM) and who made it (country, browser, OS,
 * device, language: the event's own, else the request's `Accept-Language`). Source rule (docs/api.md "Ingestion"): a known referrer's name, else the referrer's host; with no
 * referrer, `utm_source`; otherwise Direct / None.
 */
export function visitAttributes(
  event: ParsedEvent,
  ua: UserAgentInfo,
  country: string | null,
  referrer: ReferrerInfo,
  headerLanguage?: string,
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
    language: normalizeLanguage(event.language ?? headerLanguage),
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
  // Spelled out rather than spread: this runs for every event, and a spread copies more slowly.
  return {
    companyId: worked.companyId,
    ts: worked.ts,
    pathname: worked.pathname,
    visitorId: worked.visitorId,
    session: worked.session,
    visit: worked.visit,
    usageMonth: worked.usageMonth,
    kind: event.type,
    name: event.name ?? null,
    hostname: event.url.hostname,
    props: event.props ?? null,
    engagedMs: event.engaged_ms ?? null,
    scrollDepth: event.scroll_depth ?? null,
  };
}
