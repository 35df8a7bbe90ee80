import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

const throwingBeacon = () => {
  throw new Error('beacon blocked');
};

describe.each(builds)('the %s tracker', (build) => {
  it('keeps its own errors from the host page: on load, in footfall(), in history hooks and in listeners', async () => {
    const page = await openPage({
      build,
      navigator: { sendBeacon: throwingBeacon },
      data: { 'tagged-events': '' },
      html: '<button id="buy" data-footfall-event="Buy">Buy</button>',
    });
    expect(() => page.footfall('signup')).not.toThrow();
    expect(() => page.window.history.pushState({}, '', '/next')).not.toThrow();
    expect(page.window.location.pathname).toBe('/next');
    page.click('#buy');
    page.setHidden(true);
    page.window.dispatchEvent(new page.window.Event('pagehide'));
    expect(page.errors).toEqual([]);
  });

  it('stays silent without document.currentScript, and footfall() still does no harm', async () => {
    const page = await openPage({ build, withoutCurrentScript: true });
    expect(() => page.footfall('signup')).not.toThrow();
    expect(page.sent).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('ignores bad calls from the host page and keeps tracking', async () => {
    const page = await openPage({ build });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    const { footfall } = page;
    expect(() => footfall()).not.toThrow();
    expect(() => footfall('loop', { props: circular })).not.toThrow();
    expect(() => footfall('nulls', null)).not.toThrow();
    footfall('after');
    expect(page.eventsOfType('event').at(-1)?.name).toBe('after');
    expect(page.errors).toEqual([]);
  });

  it('keeps sending after one send failed', async () => {
    let calls = 0;
    const page = await openPage({
      build,
      navigator: {
        sendBeacon: () => {
          calls += 1;
          if (calls === 1) throw new Error('first one fails');
          return true;
        },
      },
    });
    page.footfall('signup');
    expect(calls).toBe(2);
    // The failed first page view left the history hooks and listeners in place.
    page.window.history.pushState({}, '', '/next');
    expect(calls).toBe(3);
    expect(page.errors).toEqual([]);
  });
});
