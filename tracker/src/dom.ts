/**
 * Short local names for the globals the tracker uses most (the minifier can shorten a local binding, never
 * a global), and the wrapper every entry point goes through.
 */
export const doc = document;
export const loc = location;
export const nav = navigator;
export const win = window;
export const now = Date.now;

/**
 * Wraps an entry point (a listener, the public function, a history hook, the start-up) so an error inside
 * the tracker is swallowed instead of reaching the host page. Entry points take at most two arguments.
 */
export const safe =
  <A, B>(fn: (a: A, b: B) => unknown) =>
  (a?: A, b?: B): void => {
    try {
      fn(a as A, b as B);
    } catch {
      // The host page must never see the tracker fail.
    }
  };

/** Listens on `window` in the capture phase, which also sees document events before the page can stop them. */
export const listen = (type: string, handler: (event: Event) => unknown): void =>
  win.addEventListener(type, safe(handler), true);
