import type { Props } from '@footfall/contract';
import { send } from './send';

/** The options of `footfall(name, options)`. */
export interface EventOptions {
  /** Custom properties: at most 30, each a string, number or boolean. */
  props?: Props;
}

/**
 * `window.footfall(name, options)` sends a custom event; the click extension (`t-clicks.js`) sends through
 * it too. Calls made before the script loads are queued by the stub
 * `window.footfall=window.footfall||function(){(window.footfall.q=window.footfall.q||[]).push(arguments)}`
 * and replayed in order after the first page view.
 */
export type Footfall = ((name: string, options?: EventOptions) => void) & { q?: ArrayLike<unknown>[] };

declare global {
  interface Window {
    footfall?: Footfall;
  }
}

/** Sends a custom event, as `window.footfall(name, options)` does. */
export const trackEvent = (name: string, options?: EventOptions): void =>
  send('event', { name, props: options?.props });
