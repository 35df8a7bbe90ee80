import { describe, expect, it } from 'vitest';
import { activate, builds, CLICKS_SRC, openPage, type PageOptions } from './page';

// The tracker loads its click extension, t-clicks.js, only when the snippet asks for a click feature and
// the visit is tracked.

const FEATURES = ['outbound-links', 'file-downloads', 'tagged-events'];

describe.each(builds)('the %s tracker', (build) => {
  it('loads no extension without a click feature', async () => {
    const page = await openPage({
      build,
      data: { hash: '', 'respect-dnt': '', 'file-types': 'pdf', api: 'https://collect.example/e' },
    });
    expect(page.clickTags()).toEqual([]);
    expect(page.document.querySelectorAll('script')).toHaveLength(0);
  });

  it.each(FEATURES)('appends one extension tag next to its own address with data-%s', async (feature) => {
    const page = await openPage({ build, data: { [feature]: '', 'file-types': 'pdf zip' } });
    const tags = page.clickTags();
    expect(tags).toHaveLength(1);
    expect(tags[0]?.src).toBe(CLICKS_SRC);
    // The extension reads its settings from its own tag: the snippet's data- attributes, copied.
    expect(
      Object.fromEntries(
        [...(tags[0]?.attributes ?? [])].map((attribute) => [attribute.name, attribute.value]),
      ),
    ).toEqual({
      src: CLICKS_SRC,
      'data-company': 'KEY',
      [`data-${feature}`]: '',
      'data-file-types': 'pdf zip',
    });
    expect(tags[0]?.parentNode).toBe(page.document.head);
  });

  it('appends one tag for all the features together, and no more on later page views', async () => {
    const page = await openPage({
      build,
      data: Object.fromEntries(FEATURES.map((feature) => [feature, ''])),
    });
    page.window.history.pushState({}, '', '/next');
    page.window.history.replaceState({}, '', '/other');
    page.goTo('https://shop.example/back', 'popstate');
    page.setHidden(true);
    page.footfall('signup');
    expect(page.eventsOfType('pageview')).toHaveLength(4);
    expect(page.clickTags()).toHaveLength(1);
  });

  it('resolves the extension against its own src, wherever it is served from', async () => {
    const page = await openPage({
      build,
      src: 'https://cdn.example/footfall/t.js?v=3',
      data: { 'outbound-links': '' },
    });
    expect(page.clickTags().map((tag) => tag.src)).toEqual(['https://cdn.example/footfall/t-clicks.js']);
  });

  const untracked: [string, Partial<PageOptions>][] = [
    ['Global Privacy Control', { navigator: { globalPrivacyControl: true } }],
    ['Do Not Track with data-respect-dnt', { navigator: { doNotTrack: '1' }, data: { 'respect-dnt': '' } }],
    ['localhost', { url: 'http://localhost:3000/' }],
    ['a file: page', { url: 'file:///Users/me/site/index.html' }],
    ['an automated browser', { navigator: { webdriver: true } }],
    ['footfall_ignore', { before: (window) => window.localStorage.setItem('footfall_ignore', 'true') }],
    ['no data-company', { data: { company: '' } }],
    ['no document.currentScript', { withoutCurrentScript: true }],
  ];

  it.each(untracked)('loads no extension when the visit is not tracked: %s', async (_, options) => {
    const page = await openPage({
      build,
      ...options,
      data: { ...options.data, 'outbound-links': '', 'file-downloads': '', 'tagged-events': '' },
    });
    expect(page.sent).toEqual([]);
    expect(page.clickTags()).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('loads the extension of a prerendered page once it is activated', async () => {
    const page = await openPage({
      build,
      prerendering: true,
      data: { 'outbound-links': '' },
      html: '<a id="out" href="https://partner.example/">Partner</a>',
    });
    expect(page.clickTags()).toEqual([]);
    activate(page);
    expect(page.clickTags()).toHaveLength(1);
    page.click('#out');
    expect(page.events().map((event) => event.type)).toEqual(['pageview', 'event']);
  });

  it('loads it even when the first page view fails to send', async () => {
    let calls = 0;
    const page = await openPage({
      build,
      data: { 'outbound-links': '' },
      navigator: {
        sendBeacon: () => {
          calls += 1;
          if (calls === 1) throw new Error('first one fails');
          return true;
        },
      },
    });
    expect(page.clickTags()).toHaveLength(1);
    expect(page.errors).toEqual([]);
  });

  it('keeps counting page views when the extension cannot be resolved (an inline snippet)', async () => {
    const page = await openPage({
      build,
      src: null,
      data: { api: 'https://collect.example/e', 'outbound-links': '' },
    });
    expect(page.clickTags()).toEqual([]);
    page.window.history.pushState({}, '', '/next');
    expect(page.eventsOfType('pageview')).toHaveLength(2);
    expect(page.errors).toEqual([]);
  });
});
