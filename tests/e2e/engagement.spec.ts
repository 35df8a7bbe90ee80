// Engagement: foreground time and scroll depth, reported when the page is hidden or left, and before an SPA
// navigation. Headless Chromium never hides a page on its own (minimising, other tabs, freezing: it stays
// "visible"), so hiding it for a while is done by overriding document.hidden and firing visibilitychange;
// leaving is real (navigating away, closing the tab).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

const engagementOn = (pathname: string) => (row: { kind: string; pathname: string }) =>
  row.kind === 'engagement' && row.pathname === pathname;

/** Scrolls so the bottom of the viewport is at `fraction` of the document, and waits until it is. */
async function scrollTo(page: Page, fraction: number): Promise<void> {
  await page.evaluate((part) => {
    const top = document.documentElement.scrollHeight * part - innerHeight;
    window.scrollTo({ top: Math.max(0, top), behavior: 'instant' });
  }, fraction);
  await expect
    .poll(() => page.evaluate(() => (scrollY + innerHeight) / document.documentElement.scrollHeight))
    .toBeGreaterThanOrEqual(fraction - 0.02);
}

/** What a browser does when the tab goes to the background (hidden = true) or comes back. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((isHidden) => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => isHidden });
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (isHidden ? 'hidden' : 'visible'),
    });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  }, hidden);
}

test('leaving a page reports its foreground time and how far down it was read', async ({ page, site }) => {
  await page.goto(site.url('/docs.html'));
  await site.expectPageviews(['/docs.html']);
  await page.waitForTimeout(600);
  // Down to the end and back up: the depth is the deepest point reached, not where the reader stopped.
  await scrollTo(page, 1);
  await page.waitForTimeout(100);
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await expect.poll(() => page.evaluate(() => scrollY)).toBe(0);

  await page.getByRole('link', { name: 'Pricing', exact: true }).click();
  await expect(page).toHaveURL(/\/pricing\.html$/);
  const report = await site.waitForEvent('engagement on /docs.html', engagementOn('/docs.html'));
  expect(report.engagedMs).toBeGreaterThanOrEqual(500);
  expect(report.engagedMs).toBeLessThan(30_000);
  expect(report.scrollDepth).toBe(100);
});

test('closing the tab reports the page, its first screen as the depth read', async ({ page, site }) => {
  await page.goto(site.url('/docs.html'));
  await site.expectPageviews(['/docs.html']);
  await page.waitForTimeout(400);
  const firstScreen = await page.evaluate(() =>
    Math.round((innerHeight / document.documentElement.scrollHeight) * 100),
  );

  await page.close({ runBeforeUnload: true });
  const report = await site.waitForEvent('engagement on /docs.html', engagementOn('/docs.html'));
  expect(report.engagedMs).toBeGreaterThanOrEqual(300);
  expect(report.scrollDepth).toBeGreaterThan(0);
  expect(Math.abs((report.scrollDepth ?? 0) - firstScreen)).toBeLessThanOrEqual(1);
});

test('a hidden page reports at once, and its clock stops until it is shown again', async ({ page, site }) => {
  await page.goto(site.url('/docs.html'));
  await site.expectPageviews(['/docs.html']);
  await page.waitForTimeout(400);
  await scrollTo(page, 0.6);

  await setHidden(page, true);
  const first = await site.waitForEvent('engagement on hide', engagementOn('/docs.html'));
  expect(first.engagedMs).toBeGreaterThanOrEqual(300);
  expect(first.scrollDepth).toBeGreaterThanOrEqual(55);
  expect(first.scrollDepth).toBeLessThan(100);

  // Hidden for 1.5 s, then visible for a moment: the second report counts only the visible time since the
  // first one (the server adds reports up).
  await page.waitForTimeout(1500);
  await setHidden(page, false);
  await page.waitForTimeout(300);
  await setHidden(page, true);
  await expect.poll(async () => (await site.events(engagementOn('/docs.html'))).length).toBe(2);
  const [, second] = await site.events(engagementOn('/docs.html'));
  expect(second?.engagedMs).toBeGreaterThanOrEqual(200);
  expect(second?.engagedMs).toBeLessThan(1500);
});

test('an SPA navigation reports the page it leaves before the next page view', async ({ page, site }) => {
  await page.goto(site.url('/app/'));
  await site.expectPageviews(['/app/']);
  await page.waitForTimeout(400);

  await page.locator('.app-side').getByRole('link', { name: 'Reading list' }).click();
  await site.expectPageviews(['/app/', '/app/notes/3']);
  const report = await site.waitForEvent('engagement on /app/', engagementOn('/app/'));
  expect(report.engagedMs).toBeGreaterThanOrEqual(300);
  // It belongs to the visit of the page views.
  const [pageview] = await site.events((row) => row.kind === 'pageview');
  expect(report.sessionId).toBe(pageview?.sessionId);
});
