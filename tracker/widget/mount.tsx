import type { PublicStats } from '@footfall/contract';
import { Fragment, h, render } from 'preact';
import { fetchStats } from './stats';
import { STYLES } from './styles';
import { toTheme, Widget } from './widget';

/** The host elements: `<div data-footfall-widget="TRACKING_KEY" data-theme="dark"></div>`. */
const WIDGET_SELECTOR = '[data-footfall-widget]';

const mounted = new WeakSet<Element>();
/** One request per company, however many of its widgets the page shows. */
const requests = new Map<string, Promise<PublicStats | null>>();

/**
 * Renders one widget once its stats arrive. Without stats (turned off, unknown key, network failure) it
 * renders nothing: the host page's visitors see no error. Never rejects.
 */
async function mountWidget(element: Element, origin: string): Promise<void> {
  if (mounted.has(element)) return;
  mounted.add(element);
  try {
    const key = element.getAttribute('data-footfall-widget');
    if (!key) return;
    // A shadow root: the host page's CSS cannot reach inside (a div or a span can host one).
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    let request = requests.get(key);
    if (!request) {
      request = fetchStats(origin, key);
      requests.set(key, request);
    }
    const stats = await request;
    if (!stats) return;
    render(
      <Fragment>
        <style>{STYLES}</style>
        <Widget stats={stats} theme={toTheme(element.getAttribute('data-theme'))} home={`${origin}/`} />
      </Fragment>,
      root,
    );
  } catch {
    // A widget must never break the page it is embedded in.
  }
}

/** Mounts every widget element in `root` (and `root` itself) that is not mounted yet. */
export function mountWidgets(origin: string, root: ParentNode = document): Promise<unknown> {
  const elements = [...root.querySelectorAll(WIDGET_SELECTOR)];
  if (root instanceof Element && root.matches(WIDGET_SELECTOR)) elements.unshift(root);
  return Promise.all(elements.map((element) => mountWidget(element, origin)));
}

/**
 * Mounts widgets as they are added to the page: those the parser adds after this script ran (when it is
 * not deferred) and those a single-page app renders later.
 */
export function watchForWidgets(origin: string): void {
  new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (node instanceof Element) void mountWidgets(origin, node);
      }
    }
  }).observe(document.documentElement, { childList: true, subtree: true });
}
