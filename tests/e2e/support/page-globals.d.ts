// What the demo pages define on `window`, as seen from page.evaluate() callbacks.
interface Window {
  /** The scripts that finished loading, noted by the tests' init script (support/fixtures.ts). */
  __e2eLoadedScripts?: string[];
  footfall?: ((name: string, options?: { props?: Record<string, string | number | boolean> }) => void) & {
    q?: ArrayLike<unknown>[];
  };
}
