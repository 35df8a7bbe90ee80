/**
 * Footfall's public stats widget, `/widget.js`:
 * `<div data-footfall-widget="TRACKING_KEY"></div><script defer src="https://HOST/widget.js"></script>`.
 * Stats come from the server the script was loaded from.
 */
import { mountWidgets, watchForWidgets } from './mount';

try {
  const origin = new URL((document.currentScript as HTMLScriptElement | null)?.src || location.href).origin;
  void mountWidgets(origin);
  watchForWidgets(origin);
} catch {
  // A widget must never break the page it is embedded in.
}
