import { runInContext } from 'node:vm';
import type { TrackerEvent } from '@footfall/contract';
import { Window } from 'happy-dom';
import { buildBundle } from './build';

/** Both bundles are tested: the readable one gives clear failures, the minified one is what ships. */
export const builds = ['readable', 'minified'] as const;
export type Build = (typeof builds)[number];

export interface PageOptions {
  build: Build;
  /** The page's address. */
  url?: string;
  /** The tracker's `src` (`TRACKER_SRC` by default); `null` for a script without one (inline). */
  src?: string | null;
  /** The tracker's `data-` attributes, without the `data-` prefix; `company` defaults to `KEY`. */
  data?: Record<string, string>;
  /** The page's body. */
  html?: string;
  referrer?: string;
  /** Navigator fields to override: `globalPrivacyControl`, `doNotTrack`, `webdriver`, `sendBeacon`… */
  navigator?: Record<string, unknown>;
  /** Runs before the tracker loads, as set-up from outside the page. */
  before?: (window: Window) => void;
  /** The host page's own script, evaluated in the page before the tracker loads. */
  hostScript?: string;
  /** The page starts hidden (a background tab). */
  hidden?: boolean;
  /** The page is being prerendered. */
  prerendering?: boolean;
  /** `document.currentScript` is null while the tracker runs (as in a module or a callback). */
  withoutCurrentScript?: boolean;
}

/** Where the page loads the tracker from; the click extension's address is next to it. */
export const TRACKER_SRC = 'https://stats.footfall.example/t.js';
export const CLICKS_SRC = 'https://stats.footfall.example/t-clicks.js';

export interface Sent {
  /** Where it was sent. */
  url: string;
  /** The body as the tracker handed it over. */
  body: unknown;
  event: TrackerEvent;
  via: 'beacon' | 'fetch';
  init?: RequestInit;
}

export interface Page {
  window: Window;
  document: Window['document'];
  /** Every event the tracker sent, in order. */
  sent: Sent[];
  /** The events sent, without transport details. */
  events: () => TrackerEvent[];
  /** The events of one type sent. */
  eventsOfType: (type: TrackerEvent['type']) => TrackerEvent[];
  /** Errors the host page saw: error events on the window and unhandled rejections. */
  errors: unknown[];
  /** Moves the page's clock (`Date.now`) forward. */
  advance: (ms: number) => void;
  /** Hides or shows the page, firing `visibilitychange` as the browser does. */
  setHidden: (hidden: boolean) => void;
  /** Sets the page's height and scroll position, then fires `scroll`. */
  scrollTo: (scrollY: number, pageHeight: number, viewportHeight?: number) => void;
  /** Clicks an element (by selector) with a real, cancelable mouse event. */
  click: (selector: string, init?: { type?: 'click' | 'auxclick'; button?: number }) => void;
  /** Calls the page's `window.footfall`, as the host page would; fails when it is missing. */
  footfall: (...args: unknown[]) => unknown;
  /** Evaluates script in the page, as the host page's own code. */
  run: (code: string) => unknown;
  /** Moves to another address without an event, then fires the given events (`popstate`, `hashchange`). */
  goTo: (url: string, ...events: ('popstate' | 'hashchange')[]) => void;
  /** The `<script>` tags in the page that load the click extension (`src` ending in `/t-clicks.js`). */
  clickTags: () => HTMLScriptElement[];
  /**
   * Runs `t-clicks.js` for each click extension tag added to the page since, with that tag as
   * `document.currentScript`, as the browser does once it has fetched the script. `openPage` and `activate`
   * call it, so a test sees the extension loaded as soon as the tracker asked for it.
   */
  loadClickTags: () => void;
  /**
   * Runs `t-clicks.js` with a tag of its own as `document.currentScript`: one with these `data-` attributes
   * (without the prefix), or none at all with `null`. For the extension on a page that did not ask for it.
   */
  runClicks: (data: Record<string, string> | null) => void;
}

const define = (target: object, key: string, get: () => unknown): void => {
  Object.defineProperty(target, key, { get, configurable: true });
};

/** The `dataset` objects `listEmptyDataAttributes` made, by happy-dom's own; and the getters it installed. */
const datasets = new WeakMap<object, DOMStringMap>();
const fixedGetters = new WeakSet<object>();

/**
 * happy-dom's `dataset` hides the attributes with an empty value from `Object.keys`, `Object.assign` and
 * spreads (it gives them no property descriptor); browsers list them, as the DOMStringMap's named properties
 * they are. The tracker copies its settings, flags such as `data-outbound-links=""` included, to the click
 * extension's tag with `Object.assign`, so the page lists them as a browser does.
 */
function listEmptyDataAttributes(window: Window): void {
  const prototype = window.HTMLElement.prototype;
  const get = Object.getOwnPropertyDescriptor(prototype, 'dataset')?.get;
  if (!get || fixedGetters.has(get)) return;
  const fixed = function (this: object): DOMStringMap {
    const map = get.call(this) as DOMStringMap;
    let dataset = datasets.get(map);
    if (!dataset) {
      dataset = new Proxy(map, {
        getOwnPropertyDescriptor: (_, key) => {
          const value = typeof key === 'string' ? map[key] : undefined;
          return value === undefined
            ? undefined
            : { value, writable: true, enumerable: true, configurable: true };
        },
      });
      datasets.set(map, dataset);
    }
    return dataset;
  };
  fixedGetters.add(fixed);
  Object.defineProperty(prototype, 'dataset', { get: fixed, configurable: true });
}

/**
 * A visitor's navigator, with `overrides` on top, and transports that record into `sent` what the tracker
 * hands them: `sendBeacon` accepts every body, `fetch` answers 202.
 */
function stubNavigator(window: Window, sent: Sent[], overrides: Record<string, unknown> = {}): void {
  const navigator = window.navigator as unknown as Record<string, unknown>;
  Object.defineProperty(navigator, 'sendBeacon', {
    configurable: true,
    writable: true,
    value: (url: string, body: string) => {
      sent.push({ url: String(url), body, event: JSON.parse(body), via: 'beacon' });
      return true;
    },
  });
  define(navigator, 'language', () => 'en-GB');
  // happy-dom reports itself as automated; a visitor's browser does not.
  define(navigator, 'webdriver', () => false);
  for (const [key, value] of Object.entries(overrides)) {
    Object.defineProperty(navigator, key, { configurable: true, writable: true, value });
  }
  (window as unknown as { fetch: unknown }).fetch = (url: string, init: RequestInit) => {
    sent.push({
      url: String(url),
      body: init.body,
      event: JSON.parse(String(init.body)),
      via: 'fetch',
      init,
    });
    return window.Promise.resolve(new window.Response(null, { status: 202 }));
  };
}

/** Opens a page in a fresh browser window and loads the tracker into it, as `<script defer>` would. */
export async function openPage(options: PageOptions): Promise<Page> {
  const code = await buildBundle('t.js', options.build === 'minified');
  const clicksCode = await buildBundle('t-clicks.js', options.build === 'minified');
  const window = new Window({
    url: options.url ?? 'https://shop.example/products?sort=price#reviews',
    width: 1280,
    height: 800,
    settings: {
      navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true },
      disableJavaScriptFileLoading: true,
    },
  });
  listEmptyDataAttributes(window);
  const { document } = window;
  const sent: Sent[] = [];
  const errors: unknown[] = [];
  window.addEventListener('error', (event) => errors.push((event as unknown as ErrorEvent).error));
  window.addEventListener('unhandledrejection', (event) => errors.push(event));

  let clock = 1_700_000_000_000;
  (window as unknown as { Date: DateConstructor }).Date.now = () => clock;

  let hidden = options.hidden ?? false;
  const prerendering = options.prerendering ?? false;
  define(document, 'hidden', () => hidden);
  define(document, 'visibilityState', () => (hidden ? 'hidden' : 'visible'));
  define(document, 'prerendering', () => prerendering);
  define(document, 'referrer', () => options.referrer ?? '');

  stubNavigator(window, sent, options.navigator);

  let scrollY = 0;
  let viewportHeight = 800;
  let pageHeight = 800;
  define(window, 'scrollY', () => scrollY);
  define(window, 'innerHeight', () => viewportHeight);
  define(document.documentElement, 'scrollHeight', () => pageHeight);

  document.body.innerHTML = options.html ?? '';
  options.before?.(window);
  if (options.hostScript) runInContext(options.hostScript, window);

  /** Runs a bundle as the browser runs a classic script: `document.currentScript` is its tag meanwhile. */
  const runScript = (source: string, tag: unknown): void => {
    define(document, 'currentScript', () => tag);
    try {
      runInContext(source, window);
    } finally {
      define(document, 'currentScript', () => null);
    }
  };
  const clickTags = () =>
    [...document.querySelectorAll('script')].filter((tag) => tag.src.endsWith('/t-clicks.js'));
  const loaded = new Set<unknown>();
  const loadClickTags = (): void => {
    for (const tag of clickTags()) {
      if (loaded.has(tag)) continue;
      loaded.add(tag);
      runScript(clicksCode, tag);
    }
  };

  const script = document.createElement('script');
  if (options.src !== null) script.setAttribute('src', options.src ?? TRACKER_SRC);
  script.setAttribute('defer', '');
  for (const [key, value] of Object.entries({ company: 'KEY', ...options.data })) {
    script.setAttribute(`data-${key}`, value);
  }
  runScript(code, options.withoutCurrentScript ? null : script);
  loadClickTags();

  const events = () => sent.map((entry) => entry.event);

  return {
    window,
    document,
    sent,
    errors,
    events,
    eventsOfType: (type) => events().filter((event) => event.type === type),
    advance: (ms) => {
      clock += ms;
    },
    setHidden: (value) => {
      hidden = value;
      document.dispatchEvent(new window.Event('visibilitychange', { bubbles: true }));
    },
    scrollTo: (y, height, viewport = viewportHeight) => {
      scrollY = y;
      pageHeight = height;
      viewportHeight = viewport;
      window.dispatchEvent(new window.Event('scroll'));
    },
    click: (selector, { type = 'click', ...init } = {}) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`no element matches ${selector}`);
      element.dispatchEvent(new window.MouseEvent(type, { bubbles: true, cancelable: true, ...init }));
    },
    run: (source) => runInContext(source, window),
    footfall: (...args) => {
      const footfall = (window as unknown as { footfall?: unknown }).footfall;
      if (typeof footfall !== 'function') throw new Error('window.footfall is missing');
      return footfall(...args);
    },
    goTo: (url, ...events) => {
      window.happyDOM.setURL(url);
      for (const type of events) window.dispatchEvent(new window.Event(type));
    },
    clickTags: () => clickTags() as unknown as HTMLScriptElement[],
    loadClickTags,
    runClicks: (data) => {
      let tag = null;
      if (data) {
        tag = document.createElement('script');
        tag.setAttribute('src', CLICKS_SRC);
        for (const [key, value] of Object.entries(data)) tag.setAttribute(`data-${key}`, value);
        loaded.add(tag);
      }
      runScript(clicksCode, tag);
    },
  };
}

/** Activates a prerendered page, as the browser does when the visitor navigates to it. */
export function activate(page: Page): void {
  Object.defineProperty(page.document, 'prerendering', { get: () => false, configurable: true });
  page.document.dispatchEvent(new page.window.Event('prerenderingchange'));
  page.loadClickTags();
}
