/**
 * Footfall's click extension, `/t-clicks.js`: tagged elements, outbound links, file downloads. The snippet
 * (`t.js`) appends it, with a copy of its own `data-` attributes, when one of `data-tagged-events`,
 * `data-outbound-links` or `data-file-downloads` is set and the visit is tracked. It sends through the
 * public `window.footfall`, which does nothing when the visit is not tracked. See ARCHITECTURE.md.
 */
import type { Props } from '@footfall/contract';
import type { Footfall } from '../events';

/** The default downloads (`data-file-types` replaces them): documents, archives, installers and media. */
const FILE_TYPES = 'pdf|(doc|xls|ppt)x?|csv|zip|dmg|exe|mp[34]';

/** The `data-` attributes of this script's tag: the snippet's own, copied. */
let settings: DOMStringMap;

/**
 * Clicks (and middle clicks, which open links in a new tab): with `data-tagged-events`, the closest tagged
 * element (`data-footfall-event`, with `data-footfall-prop-*` properties); then a file download or an
 * outbound link when those are tracked. Nothing is delayed: the snippet's beacon survives the navigation.
 * Its own errors stay here: the host page never sees one.
 */
const onClick = (event: MouseEvent): void => {
  try {
    if (event.button > 1) return;
    const footfall = window.footfall as Footfall;
    const target = event.target as Element;
    const tagged = 'taggedEvents' in settings && target.closest<HTMLElement>('[data-footfall-event]');
    if (tagged) {
      const props: Props = {};
      for (const { name, value } of tagged.attributes) {
        const key = name.split('data-footfall-prop-')[1];
        if (key) props[key] = value;
      }
      footfall(tagged.dataset.footfallEvent as string, { props });
    }
    // An `<a>` without `href` has an empty host and path, so it is neither a download nor outbound.
    const link = target.closest('a');
    if (!link) return;
    const options = { props: { url: link.href } };
    if (
      'fileDownloads' in settings &&
      RegExp(`\\.(${settings.fileTypes?.replace(/\W+/g, '|') || FILE_TYPES})$`, 'i').test(link.pathname)
    ) {
      footfall('File Download', options);
    } else if ('outboundLinks' in settings && link.host && link.host !== location.host) {
      footfall('Outbound Link: Click', options);
    }
  } catch {
    // As the snippet's own dispatcher: the host page must never see the tracker fail.
  }
};

// Listening on `window` in the capture phase sees a click before the host page can stop it.
try {
  settings = (document.currentScript as HTMLScriptElement).dataset;
  addEventListener('click', onClick, true);
  addEventListener('auxclick', onClick, true);
} catch {
  // Without `document.currentScript` (not loaded by a script tag), nothing is listened to.
}
