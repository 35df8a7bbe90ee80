import { settings } from './config';
import { loc, nav } from './dom';

/**
 * Whether this visit may be tracked. Never: without a `data-company`; with Global Privacy Control on; with
 * Do Not Track on when the site asks to respect it (`data-respect-dnt`); on a developer's machine
 * (`localhost`, `127.x.x.x`, `[::1]`), a `file:` page or in an automated browser, unless
 * `data-allow-localhost` is set; when the site owner excluded this browser
 * (`localStorage.footfall_ignore = "true"`).
 */
export function isTrackingAllowed(): unknown {
  return (
    settings.company &&
    !(
      nav.globalPrivacyControl ||
      ('respectDnt' in settings && nav.doNotTrack === '1') ||
      // A `file:` page has an empty host name.
      (!('allowLocalhost' in settings) &&
        (/^(localhost|127\..*|\[::1\]|)$/.test(loc.hostname) || nav.webdriver)) ||
      isIgnored()
    )
  );
}

/** Whether the site owner excluded this browser; reading storage throws where cookies are blocked. */
function isIgnored(): boolean | undefined {
  try {
    return localStorage.footfall_ignore === 'true';
  } catch {
    return undefined;
  }
}
