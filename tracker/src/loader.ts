import { script, settings } from './config';

/**
 * Loads the click extension, `t-clicks.js`, when the site uses one of its features (`data-outbound-links`,
 * `data-file-downloads`, `data-tagged-events`): one `<script>` at this script's address with the file name
 * changed (`https://HOST/t.js` → `https://HOST/t-clicks.js`), carrying the same `data-` attributes, which the
 * extension reads from its own tag. Sites without click features never fetch it. Its own `try`: an address
 * that cannot be resolved (an inline snippet) costs the clicks, never the page views.
 */
export const loadClicks = (): void => {
  try {
    if ('outboundLinks' in settings || 'fileDownloads' in settings || 'taggedEvents' in settings) {
      const clicks = document.createElement('script');
      clicks.src = new URL('t-clicks.js', script.src).href;
      Object.assign(clicks.dataset, settings);
      document.head.append(clicks);
    }
  } catch {
    // The host page must never see the tracker fail.
  }
};
