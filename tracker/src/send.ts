import type { TrackerEvent } from '@footfall/contract';
import { endpoint, isHashMode, settings } from './config';
import { doc, loc, nav } from './dom';

/** The fields that vary by event; the page's own fields are added by `send`. */
export type EventFields = Omit<TrackerEvent, 'company' | 'type' | 'url'>;

/** The URL of the current page view: every event is attributed to the page view it happened on. */
export let pageUrl: string;

/** Starts a page view at the current address. */
export function setPageUrl(): void {
  // Outside hash mode the hash is not part of the page: `/docs#intro` and `/docs#api` are one page.
  // Cut to the server's limits: one over-long field would get the whole event refused.
  pageUrl = (isHashMode ? loc.href : loc.href.replace(/#.*/, '')).slice(0, 2000);
}

/**
 * Posts one event as JSON in a string body, which both transports send as `text/plain`: a CORS-safelisted
 * request, so no preflight. `navigator.sendBeacon` survives the page being unloaded; where it is missing or
 * refuses the body, `fetch` with `keepalive` does the same. A failed fetch is swallowed, not left unhandled.
 */
export function send(type: TrackerEvent['type'], fields?: EventFields): void {
  const event: TrackerEvent = {
    company: settings.company as string,
    type,
    url: pageUrl,
    title: doc.title.slice(0, 500),
    // The viewport's width in CSS pixels, as other analytics tools report it: it is what the layout saw.
    screen_width: innerWidth,
    language: nav.language,
    ...fields,
  };
  const body = JSON.stringify(event);
  nav.sendBeacon?.(endpoint, body) ||
    fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => {});
}
