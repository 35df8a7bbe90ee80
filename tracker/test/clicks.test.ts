import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

// The click extension, t-clicks.js: the tracker appends its tag when a click feature is on, and the page
// runs it as the browser would (see `loadClickTags` in page.ts).

const LINKS = `
  <a id="outbound" href="https://partner.example/offer?ref=shop"><b id="outbound-label">Partner</b></a>
  <a id="internal" href="/about">About</a>
  <a id="mail" href="mailto:hello@shop.example">Mail</a>
  <a id="anchor">No href</a>
  <a id="pdf" href="/files/Price-List.PDF?v=2"><span id="pdf-label">Prices</span></a>
  <a id="zip" href="https://cdn.example/app.zip">App</a>
  <a id="csv" href="/export.csv">Export</a>
  <a id="docx" href="/cv.docx">CV</a>
`;

const TAGGED = `<div data-footfall-event="Pricing CTA" data-footfall-prop-plan="pro" data-footfall-prop-billing-period="year" data-other="x">
    <button id="buy"><span id="buy-label">Buy</span></button>
  </div>`;

describe.each(builds)('the %s click extension', (build) => {
  it('sends a tagged element click with its data-footfall-prop-* attributes as props, with data-tagged-events', async () => {
    const page = await openPage({ build, html: TAGGED, data: { 'tagged-events': '' } });
    page.click('#buy-label');
    expect(page.eventsOfType('event')).toEqual([
      {
        company: 'KEY',
        type: 'event',
        name: 'Pricing CTA',
        props: { plan: 'pro', 'billing-period': 'year' },
        url: 'https://shop.example/products?sort=price',
        screen_width: 1280,
      },
    ]);
  });

  it('uses the closest tagged ancestor of the clicked element', async () => {
    const page = await openPage({
      build,
      data: { 'tagged-events': '' },
      html: `<section data-footfall-event="Section"><div data-footfall-event="Card" data-footfall-prop-id="7">
          <button id="open">Open</button></div></section>`,
    });
    page.click('#open');
    expect(page.eventsOfType('event').map((event) => [event.name, event.props])).toEqual([
      ['Card', { id: '7' }],
    ]);
  });

  it('ignores tagged elements without data-tagged-events, even when it tracks links', async () => {
    const page = await openPage({
      build,
      html: TAGGED,
      data: { 'outbound-links': '', 'file-downloads': '' },
    });
    expect(page.clickTags()).toHaveLength(1);
    page.click('#buy');
    expect(page.eventsOfType('event')).toEqual([]);
  });

  it('sends nothing for untagged elements and links when link tracking is off', async () => {
    const page = await openPage({
      build,
      html: `<button id="plain">Plain</button>${LINKS}`,
      data: { 'tagged-events': '' },
    });
    for (const id of ['#plain', '#outbound', '#pdf']) page.click(id);
    expect(page.eventsOfType('event')).toEqual([]);
  });

  it('sends outbound link clicks with data-outbound-links, and only for other hosts', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'outbound-links': '' } });
    for (const id of ['#outbound-label', '#internal', '#mail', '#anchor']) page.click(id);
    expect(page.eventsOfType('event')).toEqual([
      expect.objectContaining({
        name: 'Outbound Link: Click',
        props: { url: 'https://partner.example/offer?ref=shop' },
        url: 'https://shop.example/products?sort=price',
      }),
    ]);
  });

  it('sends outbound clicks with the middle button (new tab) but not with the right button', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'outbound-links': '' } });
    page.click('#outbound', { type: 'auxclick', button: 1 });
    page.click('#outbound', { type: 'auxclick', button: 2 });
    expect(page.eventsOfType('event')).toHaveLength(1);
  });

  it('sends file downloads of the common types with data-file-downloads, never also as outbound', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'file-downloads': '', 'outbound-links': '' } });
    for (const id of ['#pdf-label', '#zip', '#csv', '#docx', '#internal']) page.click(id);
    expect(page.eventsOfType('event').map((event) => [event.name, event.props?.url])).toEqual([
      ['File Download', 'https://shop.example/files/Price-List.PDF?v=2'],
      ['File Download', 'https://cdn.example/app.zip'],
      ['File Download', 'https://shop.example/export.csv'],
      ['File Download', 'https://shop.example/cv.docx'],
    ]);
  });

  it('sends file downloads without data-outbound-links, and not outbound clicks', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'file-downloads': '' } });
    for (const id of ['#zip', '#outbound']) page.click(id);
    expect(page.eventsOfType('event').map((event) => event.name)).toEqual(['File Download']);
  });

  it('counts only the types listed in data-file-types', async () => {
    const page = await openPage({
      build,
      html: LINKS,
      data: { 'file-downloads': '', 'file-types': 'csv, docx' },
    });
    for (const id of ['#pdf', '#zip', '#csv', '#docx']) page.click(id);
    expect(page.eventsOfType('event').map((event) => event.props?.url)).toEqual([
      'https://shop.example/export.csv',
      'https://shop.example/cv.docx',
    ]);
  });

  it('sends both the tagged event and the outbound click of a tagged link to another host', async () => {
    const page = await openPage({
      build,
      data: { 'tagged-events': '', 'outbound-links': '' },
      html: '<a id="partner" href="https://partner.example/" data-footfall-event="Partner">Partner</a>',
    });
    page.click('#partner');
    expect(page.eventsOfType('event').map((event) => [event.name, event.props])).toEqual([
      ['Partner', {}],
      ['Outbound Link: Click', { url: 'https://partner.example/' }],
    ]);
  });

  it('sends through the public window.footfall, attributed to the current page view', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'outbound-links': '' } });
    page.window.history.pushState({}, '', '/checkout');
    page.click('#outbound');
    expect(page.eventsOfType('event')[0]?.url).toBe('https://shop.example/checkout');
    page.run('window.calls = []; window.footfall = (...args) => window.calls.push(args);');
    page.click('#outbound');
    expect(page.run('window.calls')).toEqual([
      ['Outbound Link: Click', { props: { url: 'https://partner.example/offer?ref=shop' } }],
    ]);
  });

  it('does not delay or cancel the navigation of a tracked link, and sends with sendBeacon', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'outbound-links': '', 'file-downloads': '' } });
    for (const id of ['#outbound', '#zip']) {
      const click = new page.window.MouseEvent('click', { bubbles: true, cancelable: true });
      page.document.querySelector(id)?.dispatchEvent(click);
      expect(click.defaultPrevented).toBe(false);
    }
    expect(page.sent.map((sent) => [sent.via, sent.event.name])).toEqual([
      ['beacon', undefined],
      ['beacon', 'Outbound Link: Click'],
      ['beacon', 'File Download'],
    ]);
  });

  it("keeps tracking clicks when the host page's own click handler throws or stops propagation", async () => {
    const page = await openPage({
      build,
      data: { 'tagged-events': '' },
      html: '<button id="buy" data-footfall-event="Buy">Buy</button>',
      hostScript: `
        document.addEventListener('click', () => { throw new Error('host bug'); }, true);
        document.getElementById('buy').addEventListener('click', (event) => event.stopPropagation());
      `,
    });
    page.click('#buy');
    expect(page.eventsOfType('event').map((event) => event.name)).toEqual(['Buy']);
    expect(page.errors).toHaveLength(1);
  });

  it('keeps its own errors from the host page', async () => {
    const page = await openPage({
      build,
      data: { 'tagged-events': '', 'outbound-links': '', 'file-downloads': '' },
      html: `<button id="buy" data-footfall-event="Buy">Buy</button>${LINKS}`,
    });
    // A failing transport, clicks that target no element, a broken footfall().
    Object.defineProperty(page.window.navigator, 'sendBeacon', {
      value: () => {
        throw new Error('beacon blocked');
      },
    });
    page.click('#buy');
    page.click('#pdf');
    page.click('#outbound');
    page.document.dispatchEvent(new page.window.MouseEvent('click'));
    page.window.dispatchEvent(new page.window.MouseEvent('auxclick', { button: 1 }));
    page.run('window.footfall = () => { throw new Error("replaced"); }');
    page.click('#buy');
    page.run('delete window.footfall');
    page.click('#outbound');
    expect(page.errors).toEqual([]);
  });

  it('does nothing when it runs on a page whose visit is not tracked', async () => {
    const page = await openPage({
      build,
      navigator: { globalPrivacyControl: true },
      html: `<button id="buy" data-footfall-event="Buy">Buy</button>${LINKS}`,
    });
    page.runClicks({ company: 'KEY', 'tagged-events': '', 'outbound-links': '', 'file-downloads': '' });
    for (const id of ['#buy', '#outbound', '#zip']) page.click(id);
    expect(page.sent).toEqual([]);
    expect(page.errors).toEqual([]);
  });

  it('does nothing without document.currentScript', async () => {
    const page = await openPage({ build, html: '<button id="buy" data-footfall-event="Buy">Buy</button>' });
    page.runClicks(null);
    page.click('#buy');
    expect(page.eventsOfType('event')).toEqual([]);
    expect(page.errors).toEqual([]);
  });
});
