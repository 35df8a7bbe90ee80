import type { AnalyticsEvent, AnalyticsVisit } from '@footfall/db';

const KIND_NAMES = ['', 'pageview', 'event', 'engagement'] as const;

/**
 * One stored event as a line of the export: exactly the fields an import reads (docs/api.md "Imports" and
 * "Data control"), so that the file imports back into a fresh site with the same analytics. The visit's
 * attributes are on each of its lines, stated rather than left to be worked out again (the referrer list,
 * the user-agent parser and the site's own hosts may have changed since), and `visitor` and `visit` keep
 * which events belong together. Fields that are null are left out.
 */
export function exportLine(
  visit: AnalyticsVisit,
  visitLabel: number,
  event: AnalyticsEvent,
): Record<string, unknown> {
  const line: Record<string, unknown> = {
    timestamp: new Date(event.ts).toISOString(),
    visitor: String(visit.visitorId),
    visit: visitLabel,
    type: KIND_NAMES[event.kind],
    // The scheme is not stored; the path keeps the hash of hash-routed pages.
    url: `https://${event.hostname}${event.pathname}`,
  };
  if (event.kind === 2 && event.name !== null) line.name = event.name;
  if (event.props !== null) line.props = event.props;
  if (event.kind === 3) {
    line.engaged_ms = event.engagedMs ?? 0;
    line.scroll_depth = event.scrollDepth ?? 0;
  }
  if (visit.referrer !== null) line.referrer = `https://${visit.referrer}`;
  line.source = visit.source;
  const optional = {
    utm_source: visit.utmSource,
    utm_medium: visit.utmMedium,
    utm_campaign: visit.utmCampaign,
    utm_content: visit.utmContent,
    utm_term: visit.utmTerm,
    country: visit.country,
    browser: visit.browser,
    os: visit.os,
    language: visit.language,
  };
  for (const [field, value] of Object.entries(optional)) if (value !== null) line[field] = value;
  line.device = visit.device;
  return line;
}
