/**
 * The tracker's settings, read once from the `data-` attributes of its own `<script>` tag. They live in
 * module-level bindings rather than an object: the minifier shortens a binding to one letter, while an
 * object's property names would ship in full.
 */

/** The script tag's `data-` attributes. A flag is tested with `in`: `data-hash` has the value `""`. */
export let settings: DOMStringMap;
/** Where events are posted: `data-api`, else `/api/save-company-visitor-analytics` on the script's origin. */
export let endpoint: string | URL;
/**
 * What `location.href` loses to become a page's URL: the hash (`/docs#intro` and `/docs#api` are one page),
 * unless `data-hash` makes the hash part of the page. Replacing `""` changes nothing.
 */
export let hashPattern: RegExp | string;

/** The tracker's own script tag. */
export let script: HTMLScriptElement;

/** Reads the settings from the tracker's own script tag (`document.currentScript` while it first runs). */
export const readConfig = (): void => {
  script = document.currentScript as HTMLScriptElement;
  settings = script.dataset;
  endpoint = settings.api || new URL('/api/save-company-visitor-analytics', script.src);
  hashPattern = 'hash' in settings ? '' : /#.*/;
};
