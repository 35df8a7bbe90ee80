import type { Props } from '@footfall/contract';
import { downloadPattern, settings } from './config';
import { loc } from './dom';
import { send } from './send';

/** The options of `footfall(name, options)`. */
export interface EventOptions {
  /** Custom properties: at most 30, each a string, number or boolean. */
  props?: Props;
}

/** Sends a custom event, as `window.footfall(name, options)` does. */
export function trackEvent(name: string, options?: EventOptions): void {
  send('event', { name, props: options?.props });
}

/**
 * Clicks (and middle clicks, which open links in a new tab): a tagged element (`data-footfall-event`, with
 * `data-footfall-prop-*` properties; the closest tagged ancestor counts), then a file download or an
 * outbound link when those are tracked. Nothing is delayed: the beacon survives the navigation.
 */
export function onClick(event: Event): void {
  if ((event as MouseEvent).button > 1) return;
  const target = event.target as Element;
  const tagged = target.closest('[data-footfall-event]');
  if (tagged) {
    const props: Props = {};
    for (const { name, value } of tagged.attributes) {
      const key = name.split('data-footfall-prop-')[1];
      if (key) props[key] = value;
    }
    trackEvent(tagged.getAttribute('data-footfall-event') as string, { props });
  }
  const link = target.closest('a[href]') as HTMLAnchorElement | null;
  if (!link) return;
  const props = { url: link.href };
  if (downloadPattern?.test(link.pathname)) trackEvent('File Download', { props });
  else if ('outboundLinks' in settings && link.host && link.host !== loc.host) {
    trackEvent('Outbound Link: Click', { props });
  }
}
