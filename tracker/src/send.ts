import type { TrackerEvent } from '@footfall/contract';
import { endpoint, settings } from './config';

/** The fields that vary by event; `send` adds the common ones. */
export type EventFields = Omit<TrackerEvent, 'company' | 'type' | 'url'>;

/**
 * The URL of the current page view (`location.href`, without the hash unless `data-hash`): every event is
 * attributed to the page view it happened on, so an engagement sent during an SPA navigation still names
 * the page being left. Undefined until the first page view.
 */
export let pageUrl: string | undefined;

/**
 * Posts one event as JSON in a string body, which both transports send as `text/plain`: a CORS-safelisted
 * request, so no preflight. `navigator.sendBeacon` survives the page being unloaded; where it is missing or
 * refuses the body, `fetch` with `keepalive` does the same. A failed fetch is swallowed, not left unhandled.
 * A page view passes its `url`, which becomes the page's URL for the events that follow.
 */
export const send = (type: TrackerEvent['type'], fields?: EventFields, url = pageUrl): void => {
  pageUrl = url;
  const body = JSON.stringify({
    company: settings.company,
    type,
    url,
    // The viewport's width in CSS pixels, as other analytics tools report it: it is what the layout saw.
    screen_width: innerWidth,
    ...fields,
  });
  navigator.sendBeacon?.(endpoint, body) ||
    fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => {});
};
