import { settings } from './config';

/**
 * Whether the site lets this visit be tracked. Never: without a `data-company`; with Global Privacy Control
 * on; with Do Not Track on when the site asks to respect it (`data-respect-dnt`); on a developer's machine
 * (`localhost`, `127.x.x.x`, `[::1]`), a `file:` page (its host name is empty) or in an automated browser,
 * unless `data-allow-localhost` is set.
 */
export const isTrackingAllowed = (): unknown =>
  settings.company &&
  !(
    navigator.globalPrivacyControl ||
    ('respectDnt' in settings && navigator.doNotTrack === '1') ||
    (!('allowLocalhost' in settings) &&
      (/^(localhost|127\..*|\[::1]|)$/.test(location.hostname) || navigator.webdriver))
  );

/**
 * Whether the site owner excluded this browser (`localStorage.footfall_ignore = "true"`). Reading storage
 * throws where cookies are blocked: the caller reads it last and then tracks the visit, nothing being set.
 */
export const isIgnored = (): boolean => localStorage.footfall_ignore === 'true';
