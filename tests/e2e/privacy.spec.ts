// Visits the tracker must not count (Global Privacy Control, the site owner's own browser), and what it must
// never leave behind (cookies, storage).
import type { BrowserContext, Page } from '@playwright/test';
import { expect, type Site, test } from './support/fixtures';

/** Everything a visitor might do on the demo site: pages, SPA navigation, custom events, clicks, leaving. */
async function browseEverything(page: Page, site: Site): Promise<void> {
  await page.goto(site.url('/app/'));
  // The tracker has run: window.footfall exists even when the visit is not tracked, and never throws.
  await expect.poll(() => page.evaluate(() => typeof window.footfall)).toBe('function');
  await page.getByRole('button', { name: 'New note' }).click();
  await page.evaluate(() => window.footfall?.('signup', { props: { plan: 'pro' } }));
  await page.locator('.app-side').getByRole('link', { name: 'Reading list' }).click();
  await page.goBack();
  await page.goto(site.url('/pricing.html'));
  await page.getByRole('button', { name: 'Start a Pro trial' }).click();
  await page.goto(site.url('/help/#/billing'));
  await page.close({ runBeforeUnload: true });
}

/**
 * Proves that nothing was stored: a visit that is tracked, made afterwards in another tab, arrives; the
 * untracked one's events, sent before it, would have arrived first.
 */
async function expectOnlyTheControlVisit(context: BrowserContext, site: Site): Promise<void> {
  const control = await context.newPage();
  await control.goto(site.url('/welcome.html?plan=control'));
  await site.customEvent('signup');
  await site.settle();
  const rows = await site.events();
  expect(rows.map((row) => `${row.kind} ${row.pathname} ${row.name ?? ''}`.trim())).toEqual([
    'pageview /welcome.html',
    'event /welcome.html signup',
  ]);
}

test('Global Privacy Control turns tracking off', async ({ context, page, site }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', {
      configurable: true,
      get: () => true,
    });
  });
  await browseEverything(page, site);
  await expectOnlyTheControlVisit(context, site);
});

test('localStorage.footfall_ignore = "true" excludes the browser', async ({ context, page, site }) => {
  await page.addInitScript(() => localStorage.setItem('footfall_ignore', 'true'));
  await browseEverything(page, site);
  // Removing it counts the browser again.
  const cleaner = await context.newPage();
  await cleaner.goto(site.url('/404-check'));
  await cleaner.evaluate(() => localStorage.removeItem('footfall_ignore'));
  await cleaner.close();
  await site.settle();
  const stray = await site.events();
  expect(stray, 'events stored while footfall_ignore was set').toEqual([]);
  await expectOnlyTheControlVisit(context, site);
});

test('a tracked visit leaves no cookie and nothing in storage', async ({ context, page, site }) => {
  await page.goto(site.url('/'));
  await page.getByRole('link', { name: 'Open the web app' }).click();
  await page.getByRole('button', { name: 'New note' }).click();
  await site.customEvent('Note created');
  await expect(page.locator('[data-footfall-widget]').getByText('visitors')).toBeVisible();

  expect(await context.cookies()).toEqual([]);
  expect(await page.evaluate(() => [localStorage.length, sessionStorage.length])).toEqual([0, 0]);
});
