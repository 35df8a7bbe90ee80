import type { Props } from '@footfall/contract';
import { settings } from './config';
import { send } from './send';

/** The options of `footfall(name, options)`. */
export interface EventOptions {
  /** Custom properties: at most 30, each a string, number or boolean. */
  props?: Props;
}

/** The default downloads (`data-file-types` replaces them): documents, archives, installers and media. */
const FILE_TYPES = 'pdf|(doc|xls|ppt)x?|csv|zip|dmg|exe|mp[34]';

/** Sends a custom event, as `window.footfall(name, options)` does. */
export const trackEvent = (name: string, options?: EventOptions): void =>
  send('event', { name, props: options?.props });

/**
 * Clicks (and middle clicks, which open links in a new tab): a tagged element (`data-footfall-event`, with
 * `data-footfall-prop-*` properties; the closest tagged ancestor counts), then a file download or an
 * outbound link when those are tracked. Nothing is delayed: the beacon survives the navigation.
 */
export const onClick = (event: MouseEvent): void => {
  if (event.button > 1) return;
  const target = event.target as Element;
  const tagged = target.closest<HTMLElement>('[data-footfall-event]');
  if (tagged) {
    const props: Props = {};
    for (const { name, value } of tagged.attributes) {
      const key = name.split('data-footfall-prop-')[1];
      if (key) props[key] = value;
    }
    trackEvent(tagged.dataset.footfallEvent as string, { props });
  }
  // An `<a>` without `href` has an empty host and path, so it is neither a download nor outbound.
  const link = target.closest('a');
  if (!link) return;
  const options = { props: { url: link.href } };
  if (
    'fileDownloads' in settings &&
    RegExp(`\\.(${settings.fileTypes?.replace(/\W+/g, '|') || FILE_TYPES})$`, 'i').test(link.pathname)
  ) {
    trackEvent('File Download', options);
  } else if ('outboundLinks' in settings && link.host && link.host !== location.host) {
    trackEvent('Outbound Link: Click', options);
  }
};
