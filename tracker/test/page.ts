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
}

const define = (target: object, key: string, get: () => unknown): void => {
  Object.defineProperty(target, key, { get, configurable: true });
};

/** Opens a page in a fresh browser window and loads the tracker into it, as `<script defer>` would. */
export async function openPage(options: PageOptions): Promise<Page> {
  const code = await buildBundle('t.js', options.build === 'minified');
  const window = new Window({
    url: options.url ?? 'https://shop.example/products?sort=price#reviews',
    width: 1280,
    height: 800,
    settings: {
      navigation: { disableMainFrameNavigation: true, disableFallbackToSetURL: true },
      disableJavaScriptFileLoading: true,
    },
  });
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
  for (const [key, value] of Object.entries(options.navigator ?? {})) {
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

  let scrollY = 0;
  let viewportHeight = 800;
  let pageHeight = 800;
  define(window, 'scrollY', () => scrollY);
  define(window, 'innerHeight', () => viewportHeight);
  define(document.documentElement, 'scrollHeight', () => pageHeight);

  document.body.innerHTML = options.html ?? '';
  options.before?.(window);
  if (options.hostScript) runInContext(options.hostScript, window);

  const script = document.createElement('script');
  script.setAttribute('src', 'https://stats.footfall.example/t.js');
  script.setAttribute('defer', '');
  for (const [key, value] of Object.entries({ company: 'KEY', ...options.data })) {
    script.setAttribute(`data-${key}`, value);
  }
  define(document, 'currentScript', () => (options.withoutCurrentScript ? null : script));
  runInContext(code, window);
  define(document, 'currentScript', () => null);

  return {
    window,
    document,
    sent,
    errors,
    events: () => sent.map((entry) => entry.event),
    eventsOfType: (type) => sent.map((entry) => entry.event).filter((event) => event.type === type),
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
  };
}

/** Activates a prerendered page, as the browser does when the visitor navigates to it. */
export function activate(page: Page): void {
  Object.defineProperty(page.document, 'prerendering', { get: () => false, configurable: true });
  page.document.dispatchEvent(new page.window.Event('prerenderingchange'));
}
