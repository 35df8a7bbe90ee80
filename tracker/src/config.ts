/**
 * The tracker's settings, read once from the `data-` attributes of its own `<script>` tag. They live in
 * module-level bindings rather than an object: the minifier shortens a binding to one letter, while an
 * object's property names would ship in full.
 */
import { doc } from './dom';

/** The script tag's `data-` attributes. */
export let settings: DOMStringMap;
/** Where events are posted: `data-api`, else `/api/save-company-visitor-analytics` on the script's origin. */
export let endpoint: string | URL;
/** `data-hash`: page URLs keep their hash, and hash changes are navigations. */
export let isHashMode: boolean;
/** `data-file-downloads`: clicks on links whose file name matches are sent. */
export let downloadPattern: RegExp | undefined;

/** The default downloads (`data-file-types` replaces them): documents, archives, installers and media. */
const FILE_TYPES = 'pdf|xlsx?|docx?|pptx?|csv|txt|zip|rar|7z|gz|dmg|exe|msi|mp[34]|mov';

let script: HTMLScriptElement;

/** Reads the settings from the tracker's own script tag (`document.currentScript` while it first runs). */
export function readConfig(): void {
  script = doc.currentScript as HTMLScriptElement;
  settings = script.dataset;
  endpoint = settings.api || new URL('/api/save-company-visitor-analytics', script.src);
  isHashMode = 'hash' in settings;
  downloadPattern =
    'fileDownloads' in settings
      ? RegExp(`\\.(${settings.fileTypes?.replace(/\W+/g, '|') || FILE_TYPES})$`, 'i')
      : undefined;
}
