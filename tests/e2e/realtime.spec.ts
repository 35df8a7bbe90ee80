// The realtime view: reached from the dashboard's current-visitors counter, it shows a pageview sent from the
// demo site within 5 seconds, refreshing itself in the background (no page loader), and only while visible.
import type { Page } from '@playwright/test';
import { captureScreens, expect, signIn, signInAsDemo, test, verifiedAccount } from './support/dashboard';
import { readEnvironment } from './support/environment';
import { addMember } from './support/team';

const REALTIME_API = /\/api\/company-visitor-analytics-realtime\/\d+$/;

/** The views of a page in the realtime Pages list, 0 while it has no row. */
async function viewsOf(page: Page, path: string): Promise<number> {
  const row = page.getByRole('list', { name: 'Pages' }).getByRole('listitem').filter({ hasText: path });
  if ((await row.count()) === 0) return 0;
  const cell = row.first().locator('.value-cell').nth(1);
  return Number(((await cell.textContent()) ?? '').replace(/[^\d].*$/s, ''));
}

test('the realtime view shows a pageview from the demo site within 5 s, refreshing in place', async ({
  page,
  site,
  newVisitor,
}, testInfo) => {
  // The demo site tracks the test world's own company: a fresh account watches it as a viewer.
  const { companyId } = readEnvironment();
  const watcher = await verifiedAccount('Realtime Watcher');
  await addMember(companyId, watcher.userId, 'viewer');
  await signIn(page, watcher.email, watcher.password);
  await page.goto(`/dashboard/${companyId}`);
  const requests: number[] = [];
  page.on('request', (request) => {
    if (REALTIME_API.test(request.url())) requests.push(Date.now());
  });
  await page.getByTestId('realtime').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/realtime$`));
  await expect(page.getByRole('heading', { name: 'Realtime', level: 1 })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Company sections' }).locator('[aria-current="page"]'),
  ).toHaveText('Realtime');
  await expect(page.locator('.realtime-view svg.ff-chart-svg')).toBeVisible();
  const before = await viewsOf(page, '/pricing.html');

  const visitor = await (await newVisitor()).newPage();
  const sent = Date.now();
  await visitor.goto(site.url('/pricing.html'));
  await expect
    .poll(() => viewsOf(page, '/pricing.html'), { timeout: 5_000, intervals: [100] })
    .toBe(before + 1);
  const shownAfterMs = Date.now() - sent;
  console.log(`realtime: the pageview showed ${shownAfterMs} ms after it was sent`);
  expect(shownAfterMs).toBeLessThan(5_000);
  await expect(page.getByTestId('realtime-now')).not.toHaveText('0');
  // Refreshed in the background: the page's loader never showed.
  await expect(page.getByText(/Loading…/)).toHaveCount(0);

  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await captureScreens(page, testInfo, `realtime-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  // A row opens today's dashboard filtered by its value.
  await page
    .getByRole('list', { name: 'Pages' })
    .getByRole('button', { name: /^\/pricing\.html/ })
    .click();
  await expect(page).toHaveURL(
    new RegExp(`/dashboard/${companyId}\\?.*period=today.*page=%2Fpricing\\.html`),
  );
  const gaps = requests.slice(1).map((at, index) => at - (requests[index] ?? at));
  console.log(`realtime: ${requests.length} requests, ${gaps.join(', ')} ms apart`);
  expect(Math.min(...gaps)).toBeGreaterThanOrEqual(2_500);
});

test('the realtime view asks nothing while its tab is hidden, and catches up when shown', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}/realtime`);
  await expect(page.getByRole('heading', { name: 'Realtime', level: 1 })).toBeVisible();
  let asked = 0;
  page.on('request', (request) => {
    if (REALTIME_API.test(request.url())) asked += 1;
  });
  const setHidden = (hidden: boolean) =>
    page.evaluate((value) => {
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => value });
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => (value ? 'hidden' : 'visible'),
      });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
  await setHidden(true);
  await page.waitForTimeout(7_000);
  expect(asked).toBe(0);
  await setHidden(false);
  await expect.poll(() => asked).toBeGreaterThanOrEqual(1);
});

test('an overview of today asks for its figures again every minute and updates them in place', async ({
  page,
  site,
  newVisitor,
}) => {
  const { companyId } = readEnvironment();
  const watcher = await verifiedAccount('Today Watcher');
  await addMember(companyId, watcher.userId, 'viewer');
  // The page's clock runs as usual, and skips ahead to the next refresh on demand.
  await page.clock.install();
  await signIn(page, watcher.email, watcher.password);
  await page.goto(`/dashboard/${companyId}?period=today`);
  const pageviews = page.getByRole('listitem').filter({ hasText: 'Pageviews' }).locator('.summary-value');
  const before = Number((await pageviews.getAttribute('title'))?.replace(/,/g, ''));

  const visitor = await (await newVisitor()).newPage();
  await visitor.goto(site.url('/docs.html'));
  await expect.poll(() => site.pageviews()).toContain('/docs.html');
  // The server rebuilds today's figures at most every 5 s of its own time (storage/rollups.ts REFRESH_MS),
  // which the page's skipped minute does not move: let those seconds pass for real first.
  await page.waitForTimeout(5_500);
  await page.clock.fastForward(61_000);
  await expect(pageviews).toHaveAttribute('title', (before + 1).toLocaleString('en-US'));
  // In place: the page's loader never showed, and the period is still today.
  await expect(page.getByText(/Loading…/)).toHaveCount(0);
  await expect(page).toHaveURL(/period=today/);
});
