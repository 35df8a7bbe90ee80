import { describe, expect, it } from 'vitest';
import { builds, openPage } from './page';

/** The stub the installation docs give, run by the host page before the tracker loads. */
const STUB =
  'window.footfall=window.footfall||function(){(window.footfall.q=window.footfall.q||[]).push(arguments)}';

const LINKS = `
  <a id="outbound" href="https://partner.example/offer?ref=shop"><b id="outbound-label">Partner</b></a>
  <a id="internal" href="/about">About</a>
  <a id="mail" href="mailto:hello@shop.example">Mail</a>
  <a id="pdf" href="/files/Price-List.PDF?v=2"><span id="pdf-label">Prices</span></a>
  <a id="zip" href="https://cdn.example/app.zip">App</a>
  <a id="csv" href="/export.csv">Export</a>
  <a id="docx" href="/cv.docx">CV</a>
`;

describe.each(builds)('the %s tracker', (build) => {
  it('sends a custom event with its props through window.footfall', async () => {
    const page = await openPage({ build });
    page.footfall('signup', { props: { plan: 'pro', seats: 3, trial: false } });
    expect(page.eventsOfType('event')).toEqual([
      {
        company: 'KEY',
        type: 'event',
        name: 'signup',
        props: { plan: 'pro', seats: 3, trial: false },
        url: 'https://shop.example/products?sort=price',
        screen_width: 1280,
      },
    ]);
  });

  it('sends a custom event without props', async () => {
    const page = await openPage({ build });
    page.footfall('newsletter');
    expect(page.eventsOfType('event')[0]?.name).toBe('newsletter');
    expect(page.eventsOfType('event')[0]).not.toHaveProperty('props');
  });

  it('replays the calls the stub queued before it loaded, in order, after the first pageview', async () => {
    const page = await openPage({
      build,
      hostScript: `${STUB}; footfall('cta_seen'); footfall('signup', {props: {plan: 'team'}});`,
    });
    expect(page.events().map((event) => [event.type, event.name, event.props])).toEqual([
      ['pageview', undefined, undefined],
      ['event', 'cta_seen', undefined],
      ['event', 'signup', { plan: 'team' }],
    ]);
    page.footfall('later');
    expect(page.events().at(-1)?.name).toBe('later');
  });

  it('sends a tagged element click with its data-footfall-prop-* attributes as props', async () => {
    const page = await openPage({
      build,
      html: `<div data-footfall-event="Pricing CTA" data-footfall-prop-plan="pro" data-footfall-prop-billing-period="year" data-other="x">
          <button id="buy"><span id="buy-label">Buy</span></button>
        </div>`,
    });
    page.click('#buy-label');
    expect(page.eventsOfType('event')).toEqual([
      expect.objectContaining({ name: 'Pricing CTA', props: { plan: 'pro', 'billing-period': 'year' } }),
    ]);
  });

  it('uses the closest tagged ancestor of the clicked element', async () => {
    const page = await openPage({
      build,
      html: `<section data-footfall-event="Section"><div data-footfall-event="Card" data-footfall-prop-id="7">
          <button id="open">Open</button></div></section>`,
    });
    page.click('#open');
    expect(page.eventsOfType('event').map((event) => [event.name, event.props])).toEqual([
      ['Card', { id: '7' }],
    ]);
  });

  it('sends nothing for clicks on untagged elements without link tracking', async () => {
    const page = await openPage({ build, html: `<button id="plain">Plain</button>${LINKS}` });
    page.click('#plain');
    page.click('#outbound');
    page.click('#pdf');
    expect(page.eventsOfType('event')).toEqual([]);
  });

  it('sends outbound link clicks with data-outbound-links, and only for other hosts', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'outbound-links': '' } });
    page.click('#outbound-label');
    page.click('#internal');
    page.click('#mail');
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

  it('sends file downloads of the common types with data-file-downloads', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'file-downloads': '', 'outbound-links': '' } });
    for (const id of ['#pdf-label', '#zip', '#csv', '#docx', '#internal']) page.click(id);
    expect(page.eventsOfType('event').map((event) => [event.name, event.props?.url])).toEqual([
      ['File Download', 'https://shop.example/files/Price-List.PDF?v=2'],
      ['File Download', 'https://cdn.example/app.zip'],
      ['File Download', 'https://shop.example/export.csv'],
      ['File Download', 'https://shop.example/cv.docx'],
    ]);
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

  it('does not delay or cancel the navigation of a tracked link', async () => {
    const page = await openPage({ build, html: LINKS, data: { 'outbound-links': '', 'file-downloads': '' } });
    const link = page.document.querySelector('#outbound');
    const click = new page.window.MouseEvent('click', { bubbles: true, cancelable: true });
    link?.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    expect(page.sent.at(-1)?.via).toBe('beacon');
  });
});
