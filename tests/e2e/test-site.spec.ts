// The test-site screen in Chromium against the real server: the snippet builder, the live test page (the real
// t.js in an iframe, with the company's key), the feed of events as the server stored them, and the
// installation check. A fresh account, so the feed starts empty and every event in it is this test's.
import type { CompanyAnswer, UsageAnswer } from '@footfall/contract';
import type { Frame, Page } from '@playwright/test';
import {
  type Account,
  apiAnalytics,
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { otherChromeUserAgent, readEnvironment } from './support/environment';

/** How soon an event stored by the server must show in the feed (it polls every 2 s). */
const FEED_MS = 6_000;

/** A fresh account signed in on its test-site screen, with its company as the server answers it. */
async function openTestSite(page: Page, account: Account) {
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  const token = await apiToken(account.email, account.password);
  const company = await companyCall(token, companyId, 'GET');
  await page.goto(`/test-site/${companyId}`);
  await expect(page.getByRole('heading', { name: '1. Add the snippet' })).toBeVisible();
  return { companyId, token, company };
}

/** `GET` or `PATCH /api/companies/{id}` with a user's token, straight to the server. */
async function companyCall(token: string, companyId: number, method: 'GET' | 'PATCH', body?: object) {
  const answer = await fetch(`${readEnvironment().server}/api/companies/${companyId}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(answer.status, `${method} /api/companies/${companyId}`).toBe(200);
  return ((await answer.json()) as CompanyAnswer).data;
}

/** The test page inside the screen, once its tracker has loaded (its first pageview is then on its way). */
async function testFrame(page: Page): Promise<Frame> {
  const frame = await (await page.locator('iframe.test-frame').elementHandle())?.contentFrame();
  if (!frame) throw new Error('the test page has no frame');
  await expect(frame.getByRole('status')).toHaveText(/Tracker loaded/);
  return frame;
}

/** Waits until the tracker's click extension (t-clicks.js) has run inside the frame (see fixtures.ts). */
async function waitForClickTrackingIn(frame: Frame): Promise<void> {
  await frame.waitForFunction(() =>
    (window.__e2eLoadedScripts ?? []).some((src) => new URL(src).pathname === '/t-clicks.js'),
  );
}

test('the test page sends a pageview, a custom event and an outbound click, and the feed shows each as stored', async ({
  page,
  context,
}) => {
  const { server } = readEnvironment();
  const account = await verifiedAccount('Test Site User');
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server });
  const { company, companyId, token } = await openTestSite(page, account);

  // The snippet names this company's key; an option toggled in is in the snippet, and the copy is the same.
  const snippet = page.getByTestId('snippet');
  await expect(snippet).toHaveText(
    `<script defer src="${server}/t.js" data-company="${company.tracking_key}"></script>`,
  );
  await page.getByRole('checkbox', { name: /data-outbound-links/ }).check();
  await page.getByRole('checkbox', { name: /data-hash/ }).check();
  await expect(snippet).toHaveText(
    `<script defer src="${server}/t.js" data-company="${company.tracking_key}" data-outbound-links data-hash></script>`,
  );
  await page.getByRole('checkbox', { name: /data-hash/ }).uncheck();
  await expect(snippet).not.toContainText('data-hash');
  await page.getByRole('button', { name: 'Copy snippet' }).click();
  await expect(page.getByRole('button', { name: 'Copied ✓' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await snippet.textContent());

  const feed = page.getByTestId('event-feed');
  const pageviews = feed.locator('.feed-item[data-type="pageview"]');
  const frame = await testFrame(page);

  // The frame's own load is the first pageview; the button sends a second one of the same page.
  await expect(pageviews).toHaveCount(1, { timeout: FEED_MS });
  await frame.getByRole('button', { name: 'Send a pageview' }).click();
  await expect(pageviews).toHaveCount(2, { timeout: FEED_MS });
  await expect(pageviews.first()).toContainText('Pageview');
  // As stored: the frame's host and path, without the query the button added.
  await expect(pageviews.first().locator('.feed-path')).toHaveText(
    `${new URL(server).hostname}/test-site-frame.html`,
  );

  await frame.getByRole('button', { name: 'Send a custom event' }).click();
  const custom = feed.locator('.feed-item[data-type="event"]').filter({ hasText: 'test_event' });
  await expect(custom).toHaveCount(1, { timeout: FEED_MS });
  const props = custom.getByRole('list', { name: 'Properties' });
  await expect(props.getByRole('listitem')).toHaveText(['source test-site', 'clicks 1', 'plan trial']);

  await waitForClickTrackingIn(frame);
  const popup = page.waitForEvent('popup');
  await frame.getByRole('link', { name: 'Click an outbound link' }).click();
  await (await popup).close();
  const outbound = feed.locator('.feed-item[data-type="event"]').filter({ hasText: 'Outbound Link: Click' });
  await expect(outbound).toHaveCount(1, { timeout: FEED_MS });
  await expect(outbound.getByRole('list', { name: 'Properties' })).toContainText(
    'url https://example.com/from-footfall-test',
  );
  // Each event once: nothing doubled or lost by the polling. The pageview sent by the button (an SPA
  // navigation to the tracker) first reported the engagement with the page before it.
  const types = await feed
    .locator('.feed-item')
    .evaluateAll((items) => items.map((item) => item.getAttribute('data-type')));
  expect(types.sort()).toEqual(['engagement', 'event', 'event', 'pageview', 'pageview']);

  // All of it is test traffic: marked as such in the feed, and in no figure of the company's.
  await expect(feed.locator('.feed-item')).toHaveCount(5);
  await expect(feed.locator('.feed-item[data-test="true"]')).toHaveCount(5);
  await expect(feed.locator('.feed-item').getByText('Test', { exact: true })).toHaveCount(5);
  const analytics = await apiAnalytics(token, companyId, { period: 'today' });
  expect(analytics.summary).toMatchObject({ visitors: 0, visits: 0, pageviews: 0, events: 0 });
  expect(analytics.breakdowns.pages).toEqual([]);
  const usage = await apiCall<UsageAnswer>('GET', `/api/companies/${companyId}/usage`, { token });
  expect(usage.data.events_used).toBe(0);
  // A new user's dashboard still says that no visitor came yet.
  await page.goto(`/dashboard/${companyId}`);
  await expect(page.getByRole('heading', { name: 'No visitors in this period yet' })).toBeVisible();
});

test('the installation check says plainly what arrived from where, never counting the test page', async ({
  page,
}) => {
  const account = await verifiedAccount('Install Check User');
  const { companyId, token, company } = await openTestSite(page, account);
  await companyCall(token, companyId, 'PATCH', { website: 'https://shop.example.com' });

  // The test page's own events are test traffic: the check does not count them.
  const check = page.getByRole('region', { name: '2. Check your installation' });
  const frame = await testFrame(page);
  await frame.getByRole('button', { name: 'Send a custom event' }).click();
  await expect(page.getByTestId('event-feed').getByText('test_event')).toBeVisible({ timeout: FEED_MS });
  await check.getByRole('button', { name: 'Check again' }).click();
  await expect(
    check.getByText('No events from shop.example.com in the last 30 minutes. Check that:'),
  ).toBeVisible();

  // Real events from a host that is not the website (a staging copy): said first, plainly, with what it means.
  for (const path of ['/', '/pricing']) {
    await trackFrom(company.tracking_key, `https://staging.shop.example.net${path}`);
  }
  await check.getByRole('button', { name: 'Check again' }).click();
  await expect(
    check.getByText('2 events arrived in the last 30 minutes, but none from shop.example.com.'),
  ).toBeVisible();
  await expect(
    check.getByText(/They came from staging\.shop\.example\.net \(2 events, the latest/),
  ).toBeVisible();
  await expect(check.getByText(/their visits count in your statistics/)).toBeVisible();

  await companyCall(token, companyId, 'PATCH', { website: 'https://staging.shop.example.net' });
  await check.getByRole('button', { name: 'Check again' }).click();
  await expect(check.getByText('Your site is sending events.')).toBeVisible();
  await expect(
    check.getByText('2 events received from staging.shop.example.net in the last 30 minutes'),
  ).toBeVisible();
  await expect(check.getByText(/other hosts/)).toHaveCount(0);
});

/** One pageview of `url` sent to the ingestion endpoint as a visitor's browser would send it. */
async function trackFrom(trackingKey: string, url: string): Promise<void> {
  const answer = await fetch(`${readEnvironment().server}/api/save-company-visitor-analytics`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': otherChromeUserAgent(7) },
    body: JSON.stringify({ company: trackingKey, type: 'pageview', url }),
  });
  expect(answer.status).toBe(202);
}

test('the test-site screen with events in its feed reads well at both widths and passes axe', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Test Site Looks');
  await openTestSite(page, account);
  const frame = await testFrame(page);
  await frame.getByRole('button', { name: 'Send a custom event' }).click();
  await expect(page.getByTestId('event-feed').getByText('test_event')).toBeVisible({ timeout: FEED_MS });
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(page.getByText(/No events from/)).toBeVisible();
  // The frame takes the test page's height, at a phone's width too (its buttons stack there): nothing of
  // it hides behind a scrollbar of its own.
  const fits = () =>
    frame.evaluate(() => document.documentElement.scrollHeight <= document.documentElement.clientHeight);
  await expect.poll(fits).toBe(true);
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(fits).toBe(true);

  // From the top: past 200 px the header is fixed, and a full-page shot would draw it mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, testInfo, 'test-site');
  await expectAccessible(page);
});

test("the test page tells a headless browser that its events are dropped as a bot's", async ({
  page,
  browser,
}, testInfo) => {
  const account = await verifiedAccount('Headless Tester');
  const { companyId } = await openTestSite(page, account);
  const notice = (on: Page) => on.getByRole('note').filter({ hasText: 'This browser says it is automated' });
  await expect(page.getByTitle('Footfall test page')).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  const headless = await browser.newContext({
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/150.0.0.0 Safari/537.36',
  });
  try {
    const robot = await headless.newPage();
    await signIn(robot, account.email, account.password);
    await robot.goto(`/test-site/${companyId}`);
    await expect(notice(robot)).toBeVisible();
    await expect(notice(robot)).toContainText('Open this page in an everyday browser');
    for (const scheme of ['light', 'dark'] as const) {
      await robot.emulateMedia({ colorScheme: scheme });
      await captureScreens(robot, testInfo, `test-site-headless-${scheme}`);
    }
  } finally {
    await headless.close();
  }
});
