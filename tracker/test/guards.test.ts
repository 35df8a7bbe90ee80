import { describe, expect, it } from 'vitest';
import { activate, builds, openPage } from './page';

describe.each(builds)('the %s tracker', (build) => {
  it('sends nothing when Global Privacy Control is on, and window.footfall is a harmless no-op', async () => {
    const page = await openPage({
      build,
      navigator: { globalPrivacyControl: true },
      data: { 'respect-dnt': '' },
    });
    page.footfall('signup', { props: { plan: 'pro' } });
    page.window.history.pushState({}, '', '/next');
    expect(page.sent).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('ignores Do Not Track unless the site sets data-respect-dnt', async () => {
    const tracked = await openPage({ build, navigator: { doNotTrack: '1' } });
    expect(tracked.sent).toHaveLength(1);
    const respected = await openPage({ build, navigator: { doNotTrack: '1' }, data: { 'respect-dnt': '' } });
    expect(respected.sent).toEqual([]);
    const unset = await openPage({
      build,
      navigator: { doNotTrack: 'unspecified' },
      data: { 'respect-dnt': '' },
    });
    expect(unset.sent).toHaveLength(1);
  });

  it.each(['http://localhost:3000/', 'http://127.0.0.1:8080/page', 'http://[::1]:5173/'])(
    'skips a developer machine (%s)',
    async (url) => {
      const page = await openPage({ build, url });
      page.footfall('signup');
      expect(page.sent).toEqual([]);
    },
  );

  it('skips a file: page', async () => {
    const page = await openPage({ build, url: 'file:///Users/me/site/index.html' });
    expect(page.sent).toEqual([]);
  });

  it('tracks a developer machine with data-allow-localhost', async () => {
    const page = await openPage({ build, url: 'http://localhost:3000/', data: { 'allow-localhost': '' } });
    expect(page.events()[0]?.url).toBe('http://localhost:3000/');
  });

  it('tracks hosts that merely start like a local one', async () => {
    const page = await openPage({ build, url: 'https://localhost.run.example/' });
    expect(page.sent).toHaveLength(1);
  });

  it('skips automated browsers (navigator.webdriver) unless data-allow-localhost is set', async () => {
    const skipped = await openPage({ build, navigator: { webdriver: true } });
    expect(skipped.sent).toEqual([]);
    const allowed = await openPage({
      build,
      navigator: { webdriver: true },
      data: { 'allow-localhost': '' },
    });
    expect(allowed.sent).toHaveLength(1);
  });

  it('skips a browser its owner excluded with localStorage.footfall_ignore = "true"', async () => {
    const page = await openPage({
      build,
      before: (window) => window.localStorage.setItem('footfall_ignore', 'true'),
    });
    page.footfall('signup');
    expect(page.sent).toEqual([]);
  });

  it('tracks when footfall_ignore holds anything but "true"', async () => {
    const page = await openPage({
      build,
      before: (window) => window.localStorage.setItem('footfall_ignore', 'no'),
    });
    expect(page.sent).toHaveLength(1);
  });

  it('tracks when reading localStorage throws (storage blocked)', async () => {
    const page = await openPage({
      build,
      before: (window) => {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get: () => {
            throw new window.DOMException('The operation is insecure.', 'SecurityError');
          },
        });
      },
    });
    expect(page.sent).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });

  it('sends nothing without data-company', async () => {
    const page = await openPage({ build, data: { company: '' } });
    page.footfall('signup');
    expect(page.sent).toEqual([]);
  });

  it('waits for a prerendered page to be activated, keeping the calls made meanwhile', async () => {
    const page = await openPage({ build, prerendering: true, referrer: 'https://search.example/' });
    page.footfall('seen_while_prerendered');
    expect(page.sent).toEqual([]);
    activate(page);
    expect(page.events().map((event) => [event.type, event.name ?? event.referrer])).toEqual([
      ['pageview', 'https://search.example/'],
      ['event', 'seen_while_prerendered'],
    ]);
  });

  it('sets no cookie and stores nothing', async () => {
    const page = await openPage({ build, data: { 'outbound-links': '' } });
    page.footfall('signup');
    page.setHidden(true);
    expect(page.document.cookie).toBe('');
    expect(page.window.localStorage.length).toBe(0);
    expect(page.window.sessionStorage.length).toBe(0);
  });
});
