import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

describe.each(builds)('the %s tracker', (build) => {
  it('sends an engagement with the foreground time and deepest scroll when the page is hidden', async () => {
    const page = await openPage({ build });
    page.scrollTo(0, 4000);
    page.advance(2000);
    page.scrollTo(1600, 4000); // bottom of the viewport at 2400 of 4000: 60%
    page.advance(1000);
    page.scrollTo(400, 4000);
    page.setHidden(true);
    expect(page.eventsOfType('engagement')).toEqual([
      {
        company: 'KEY',
        type: 'engagement',
        url: 'https://shop.example/products?sort=price',
        screen_width: 1280,
        engaged_ms: 3000,
        scroll_depth: 60,
      },
    ]);
  });

  it('measures the scroll depth of a page that was never scrolled from what the viewport shows', async () => {
    const page = await openPage({ build });
    page.scrollTo(0, 3200);
    page.advance(100);
    page.setHidden(true);
    expect(page.eventsOfType('engagement')[0]?.scroll_depth).toBe(25);
  });

  it('caps the scroll depth at 100 when the viewport is taller than the page', async () => {
    const page = await openPage({ build });
    page.scrollTo(0, 500, 800);
    page.advance(100);
    page.setHidden(true);
    expect(page.eventsOfType('engagement')[0]?.scroll_depth).toBe(100);
  });

  it('pauses the clock while the page is hidden, and each report adds only the time since the last', async () => {
    const page = await openPage({ build });
    page.advance(1000);
    page.setHidden(true);
    page.advance(60_000);
    page.setHidden(false);
    page.advance(500);
    page.setHidden(true);
    expect(page.eventsOfType('engagement').map((event) => event.engaged_ms)).toEqual([1000, 500]);
  });

  it('reports the deepest scroll of the page view so far with every report', async () => {
    const page = await openPage({ build });
    page.scrollTo(1200, 4000);
    page.advance(100);
    page.setHidden(true);
    page.setHidden(false);
    page.scrollTo(0, 4000);
    page.advance(100);
    page.setHidden(true);
    expect(page.eventsOfType('engagement').map((event) => event.scroll_depth)).toEqual([50, 50]);
  });

  it('sends the engagement once when the page is left: hidden (browsers fire visibilitychange), then pagehide', async () => {
    const page = await openPage({ build });
    page.advance(800);
    page.setHidden(true);
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    expect(page.eventsOfType('engagement').map((event) => event.engaged_ms)).toEqual([800]);
  });

  it("keeps the clock running through a query change on the same page, and reports under the page view's url", async () => {
    const page = await openPage({ build, url: 'https://shop.example/cart' });
    page.advance(1200);
    page.window.history.replaceState({}, '', '/cart?step=2');
    page.advance(300);
    page.setHidden(true);
    expect(page.eventsOfType('engagement')).toEqual([
      expect.objectContaining({ url: 'https://shop.example/cart', engaged_ms: 1500 }),
    ]);
  });

  it("sends the previous page's engagement before an SPA navigation's pageview, then starts over", async () => {
    const page = await openPage({ build });
    page.scrollTo(3200, 4000);
    page.advance(4000);
    page.window.history.pushState({}, '', '/cart');
    page.advance(700);
    page.setHidden(true);
    expect(
      page.events().map((event) => [event.type, event.url, event.engaged_ms, event.scroll_depth]),
    ).toEqual([
      ['pageview', 'https://shop.example/products?sort=price', undefined, undefined],
      ['engagement', 'https://shop.example/products?sort=price', 4000, 100],
      ['pageview', 'https://shop.example/cart', undefined, undefined],
      ['engagement', 'https://shop.example/cart', 700, 100],
    ]);
  });

  it('resets the scroll depth for each page view', async () => {
    const page = await openPage({ build });
    page.scrollTo(3200, 4000);
    page.advance(100);
    page.window.history.pushState({}, '', '/cart');
    page.scrollTo(0, 8000);
    page.advance(100);
    page.setHidden(true);
    expect(page.eventsOfType('engagement').map((event) => event.scroll_depth)).toEqual([100, 10]);
  });

  it('does not send a 0 ms engagement after one of the same page view', async () => {
    const page = await openPage({ build });
    page.advance(300);
    page.setHidden(true);
    page.setHidden(false);
    page.setHidden(true);
    expect(page.eventsOfType('engagement').map((event) => event.engaged_ms)).toEqual([300]);
  });

  it('sends no engagement for page views that were never in the foreground', async () => {
    const page = await openPage({ build, hidden: true });
    page.advance(5000);
    page.window.history.pushState({}, '', '/a');
    page.window.history.pushState({}, '', '/b');
    page.setHidden(true);
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    expect(page.eventsOfType('pageview')).toHaveLength(3);
    expect(page.eventsOfType('engagement')).toEqual([]);
  });

  it('sends no engagement for a page view left within the same millisecond (a redirect)', async () => {
    const page = await openPage({ build });
    page.window.history.pushState({}, '', '/redirected');
    page.advance(900);
    page.setHidden(true);
    expect(page.eventsOfType('engagement').map((event) => [event.url, event.engaged_ms])).toEqual([
      ['https://shop.example/redirected', 900],
    ]);
  });

  it('does not count the time of a page opened in a background tab until it is shown', async () => {
    const page = await openPage({ build, hidden: true });
    page.advance(30_000);
    page.setHidden(false);
    page.advance(2500);
    page.setHidden(true);
    expect(page.eventsOfType('engagement').map((event) => event.engaged_ms)).toEqual([2500]);
  });
});
