// The phone-width helpers of the end-to-end tests: nothing sticking out sideways, the header in one row, a
// text's line breaks, and data with long names and paths for the screens to fit.
import type { Locator, Page } from '@playwright/test';
import { apiCall, apiToken, expect, verifiedAccount } from './dashboard';
import { otherChromeUserAgent, readEnvironment } from './environment';

/** A small phone. */
export const PHONE = { width: 375, height: 800 } as const;

/** The tallest the header may be at a phone's width: one row of 40 px controls and its padding. */
export const ONE_ROW_HEADER_PX = 64;

/**
 * The page does not scroll sideways, no element reaches past the viewport's edges except inside a container
 * that scrolls on purpose (`overflow-x: auto | scroll`), and no table cell's content runs out of the cell.
 * Fails naming the elements.
 */
export async function expectFitsWidth(page: Page, name: string): Promise<void> {
  const report = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element) => /auto|scroll/.test(getComputedStyle(element).overflowX);
    const sticking: string[] = [];
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      // Nothing drawn, or clipped to a pixel (visually hidden text for screen readers).
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.left >= -0.5 && box.right <= width + 0.5) continue;
      if (getComputedStyle(element).visibility === 'hidden') continue;
      let ancestor = element.parentElement;
      while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
      if (ancestor) continue;
      const label = element.id ? `#${element.id}` : (element.getAttribute('class') ?? '').split(' ')[0];
      sticking.push(
        `${element.tagName.toLowerCase()}${label ? `.${label}` : ''} ${Math.round(box.left)}…${Math.round(box.right)}`,
      );
    }
    // A table's cell holds its content: nothing runs over into the next cell.
    const spilling = [...document.querySelectorAll('td, th')]
      .filter((cell) => cell.scrollWidth > cell.clientWidth + 1)
      .map((cell) => (cell.textContent ?? '').slice(0, 40));
    return {
      scrollWidth: document.documentElement.scrollWidth,
      width,
      sticking: sticking.slice(0, 8),
      spilling: spilling.slice(0, 8),
    };
  });
  expect(report.scrollWidth, `${name}: the page scrolls sideways`).toBeLessThanOrEqual(report.width);
  expect(report.sticking, `${name}: elements past the screen's edge`).toEqual([]);
  expect(report.spilling, `${name}: table cells whose content runs out of them`).toEqual([]);
}

/** Every visible field shows its whole placeholder (none cut at the field's edge). */
export async function expectPlaceholdersFit(page: Page, name: string): Promise<void> {
  const cut = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    return [...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('[placeholder]')]
      .filter((field) => field.checkVisibility() && field.placeholder)
      .filter((field) => {
        const style = getComputedStyle(field);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const room =
          field.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return context.measureText(field.placeholder).width > room + 0.5;
      })
      .map((field) => field.placeholder);
  });
  expect(cut, `${name}: placeholders cut short`).toEqual([]);
}

/** The header is one row, and `--header-height` (the layout's offsets) says how tall it is. */
export async function expectOneRowHeader(page: Page): Promise<void> {
  const header = page.locator('header.site-header');
  const measured = await header.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    token: Number.parseFloat(getComputedStyle(element).getPropertyValue('--header-height')),
  }));
  expect(measured.height, 'the header is one row').toBeLessThanOrEqual(ONE_ROW_HEADER_PX);
  expect(measured.height).toBe(measured.token);
}

/**
 * Where the text of `element` starts a new line on screen: the characters just before each break, with the
 * text. Read from the boxes of each character, so it sees what the reader sees.
 */
export async function lineBreaks(element: Locator): Promise<{ text: string; before: string[] }> {
  return element.evaluate((root) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    let text = '';
    let lineBottom: number | undefined;
    const before: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const data = node.textContent ?? '';
      for (let index = 0; index < data.length; index += 1) {
        const range = document.createRange();
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const box = [...range.getClientRects()].find((rect) => rect.width > 0);
        if (box) {
          // A character whose top is below the line's bottom starts the next line.
          if (lineBottom !== undefined && box.top >= lineBottom - 2) before.push(text.slice(-1));
          if (lineBottom === undefined || box.top >= lineBottom - 2) lineBottom = box.bottom;
        }
        text += data[index];
      }
    }
    return { text, before };
  });
}

/**
 * The characters after which a path, host, query or identifier may break (`_` for snake_case event names, `@`
 * for addresses): never inside a word or a number.
 */
export const BREAKS_AFTER = /^[/?&=.@_\-\s]$/;

export const LONG = {
  person: 'Maximiliana Montgomery-Featherstonehaugh',
  company: 'The Extraordinarily Long-Named Independent Bookshop & Reading Room',
  website: 'https://www.extraordinarily-long-named-independent-bookshop.example.com',
  path: '/collections/second-hand/first-editions-of-twentieth-century-literature/signed-copies',
  query: '?utm_source=newsletter-subscribers-weekly&utm_medium=email-campaign&utm_campaign=autumn-sale-2025',
  referrer: 'https://forum.book-collectors-association-of-great-britain.example.org/threads/where-to-buy',
  event: 'newsletter_signup_completed_from_footer',
  prop: 'enterprise-annual-subscription-with-priority-support-and-onboarding',
} as const;

/**
 * A new account whose company has a long name and website, is listed in the directory, and has traffic
 * with long paths, referrers, UTM values and event properties (sent as a visitor's browser would).
 */
export async function longNamedCompany() {
  const account = await verifiedAccount(LONG.person);
  const token = await apiToken(account.email, account.password);
  const { data } = await apiCall<{ data: { id: number; tracking_key: string }[] }>('GET', '/api/companies', {
    token,
  });
  const company = data[0];
  if (!company) throw new Error('the new account has no company');
  await apiCall('PATCH', `/api/companies/${company.id}`, {
    token,
    body: {
      name: `${LONG.company} ${Date.now()}`,
      website: LONG.website,
      listed: true,
      description: 'First editions, signed copies and a reading room that never closes before midnight.',
    },
  });
  const url = `${LONG.website}${LONG.path}${LONG.query}`;
  const events = [
    { type: 'pageview', url, referrer: LONG.referrer },
    { type: 'event', url, name: LONG.event, props: { plan_chosen_at_checkout: LONG.prop, seats: 25 } },
  ].map((event) => ({ company: company.tracking_key, ...event }));
  const answer = await fetch(`${readEnvironment().server}/api/save-company-visitor-analytics`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': otherChromeUserAgent(11) },
    body: JSON.stringify(events),
  });
  expect(answer.status).toBe(202);
  return { account, token, companyId: company.id };
}
