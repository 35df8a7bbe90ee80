import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

describe.each(builds)('the %s tracker', (build) => {
  it('sends a pageview on load with the page, its referrer and the viewport width, and no title or language', async () => {
    const page = await openPage({
      build,
      referrer: 'https://news.example/story',
      before: (window) => {
        window.document.title = 'Products';
      },
    });
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]?.url).toBe('https://stats.footfall.example/api/save-company-visitor-analytics');
    // The server takes the language from the request's Accept-Language header, and stores no title.
    expect(page.events()[0]).toEqual({
      company: 'KEY',
      type: 'pageview',
      url: 'https://shop.example/products?sort=price',
      referrer: 'https://news.example/story',
      screen_width: 1280,
    });
  });

  it("sends the url as it is, however long (browsers rarely make one past the server's 2,000 characters)", async () => {
    const url = `https://shop.example/search?q=${'x'.repeat(3000)}`;
    const page = await openPage({ build, url });
    expect(page.events()[0]?.url).toBe(url);
  });

  it('posts to the data-api address when one is given', async () => {
    const page = await openPage({ build, data: { api: 'https://collect.example/ingest' } });
    expect(page.sent[0]?.url).toBe('https://collect.example/ingest');
  });

  it('sends a pageview without a referrer for each pushState', async () => {
    const page = await openPage({ build, referrer: 'https://news.example/' });
    page.window.history.pushState({}, '', '/cart');
    page.window.history.pushState({}, '', '/cart?step=2');
    const [, cart, step] = page.eventsOfType('pageview');
    expect(cart).toMatchObject({ type: 'pageview', url: 'https://shop.example/cart' });
    expect(cart).not.toHaveProperty('referrer');
    expect(step).toMatchObject({ type: 'pageview', url: 'https://shop.example/cart?step=2' });
  });

  it('sends a pageview for replaceState only when the path changes', async () => {
    const page = await openPage({ build });
    page.window.history.replaceState({}, '', '/products?sort=name');
    expect(page.eventsOfType('pageview')).toHaveLength(1);
    page.window.history.replaceState({}, '', '/login');
    const pageviews = page.eventsOfType('pageview');
    expect(pageviews).toHaveLength(2);
    expect(pageviews[1]?.url).toBe('https://shop.example/login');
  });

  it('sends a pageview on popstate when the visitor goes back to another page', async () => {
    const page = await openPage({ build, url: 'https://shop.example/cart' });
    page.goTo('https://shop.example/products', 'popstate');
    expect(page.eventsOfType('pageview').map((event) => event.url)).toEqual([
      'https://shop.example/cart',
      'https://shop.example/products',
    ]);
  });

  it('ignores hash changes without data-hash: the url has no hash and a jump to an anchor is no page', async () => {
    const page = await openPage({ build, url: 'https://shop.example/docs#intro' });
    expect(page.events()[0]?.url).toBe('https://shop.example/docs');
    page.goTo('https://shop.example/docs#api', 'popstate', 'hashchange');
    expect(page.events()).toHaveLength(1);
  });

  it('counts hash changes as navigations with data-hash, and keeps the hash in the url', async () => {
    const page = await openPage({ build, url: 'https://app.example/#/inbox', data: { hash: '' } });
    expect(page.events()[0]?.url).toBe('https://app.example/#/inbox');
    // A browser fires popstate, then hashchange, for every change of the hash.
    page.goTo('https://app.example/#/settings', 'popstate', 'hashchange');
    page.goTo('https://app.example/#/profile', 'popstate', 'hashchange');
    page.window.history.replaceState({}, '', '/#/profile?tab=2');
    const pageviews = page.eventsOfType('pageview');
    expect(pageviews.map((event) => event.url)).toEqual([
      'https://app.example/#/inbox',
      'https://app.example/#/settings',
      'https://app.example/#/profile',
      'https://app.example/#/profile?tab=2',
    ]);
  });

  it('in hash mode, a page is its path and hash: a new query before the hash is no new page', async () => {
    const page = await openPage({ build, url: 'https://app.example/?lang=en#/inbox', data: { hash: '' } });
    page.window.history.replaceState({}, '', '/?lang=fr#/inbox');
    page.window.history.replaceState({}, '', '/?lang=fr#/archive');
    expect(page.eventsOfType('pageview').map((event) => event.url)).toEqual([
      'https://app.example/?lang=en#/inbox',
      'https://app.example/?lang=fr#/archive',
    ]);
  });

  it("adds no page view for events of the host page that merely bear the history methods' names", async () => {
    const page = await openPage({ build });
    page.window.history.pushState({}, '', '/cart');
    page.window.dispatchEvent(new page.window.Event('pushState'));
    page.window.dispatchEvent(new page.window.Event('replaceState'));
    expect(page.eventsOfType('pageview')).toHaveLength(2);
  });

  it("keeps the host's own pushState: its this, arguments and result", async () => {
    const calls: unknown[][] = [];
    const page = await openPage({
      build,
      before: (window) => {
        const history = window.history as unknown as Record<string, unknown>;
        const original = window.history.pushState;
        history.pushState = function (this: unknown, ...args: unknown[]) {
          calls.push([this, ...args]);
          if (this === window.history) original.apply(this, args as Parameters<typeof original>);
          return 'router result';
        };
      },
    });
    const state = { id: 7 };
    expect(page.window.history.pushState(state, '', '/next')).toBe('router result');
    expect(calls).toEqual([[page.window.history, state, '', '/next']]);
    const receiver = { pushState: page.window.history.pushState };
    receiver.pushState(null, '', '/other');
    expect(calls[1]?.[0]).toBe(receiver);
    expect(page.eventsOfType('pageview').at(-1)?.url).toBe('https://shop.example/next');
  });

  it('lets an error of the original pushState reach its caller, and sends no pageview', async () => {
    const page = await openPage({ build });
    expect(() => page.window.history.pushState({}, '', 'https://elsewhere.example/')).toThrow();
    expect(page.eventsOfType('pageview')).toHaveLength(1);
  });
});
