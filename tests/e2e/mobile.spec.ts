// Every screen at a small phone's width (375 px), with real data and long names: nothing scrolls the page
// sideways or sticks out, the header is one row with a menu, the tab rows show where more tabs are, every
// table's last column can be reached and its paths break only between their parts, the test site's feed
// wraps inside itself, and the directory's search field shows its whole placeholder.
import type { Locator, Page } from '@playwright/test';
import { ADMIN_PAGES, actAsAdmin } from './support/admin';
import {
  adminToken,
  apiCall,
  captureScreens,
  expect,
  newAdmin,
  signIn,
  signInAsDemo,
  test,
} from './support/dashboard';
import {
  BREAKS_AFTER,
  expectFitsWidth,
  expectOneRowHeader,
  expectPlaceholdersFit,
  LONG,
  lineBreaks,
  longNamedCompany,
  PHONE,
} from './support/mobile';

test.use({ viewport: PHONE });

const LONG_TITLE = `${LONG.company}: a reading list for the long winter evenings`;

/** Checks the page at 375 px, then photographs it at 1280 and 375 px, and leaves it at 375 px. */
async function walk(page: Page, testInfo: Parameters<typeof captureScreens>[1], name: string) {
  await expectFitsWidth(page, name);
  await expectPlaceholdersFit(page, name);
  if (await page.locator('header.site-header').count()) await expectOneRowHeader(page);
  // From the top: past 200 px the header is fixed, and a full-page shot would draw it mid-page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await captureScreens(page, testInfo, `mobile-${name}`);
  await page.setViewportSize(PHONE);
}

test('the header is one row with a menu that opens, closes and navigates; at 1280 px it shows everything', async ({
  page,
}, testInfo) => {
  await page.goto('/home');
  const header = page.getByRole('banner');
  await expectOneRowHeader(page);
  const toggle = header.getByRole('button', { name: 'Menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  const menu = page.locator(`#${await toggle.getAttribute('aria-controls')}`);
  await expect(menu).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  for (const name of ['Directory', 'Blog', 'Sign in'])
    await expect(menu.getByRole('link', { name })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Add Listing' })).toHaveAttribute('href', '/admin/add-list');
  await expect(menu.getByRole('button', { name: /theme/ })).toBeVisible();
  await expectFitsWidth(page, 'the open menu');
  await page.screenshot({ path: testInfo.outputPath('mobile-menu-open-375.png') });

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle).toBeFocused();

  // A press outside the header: the page's margin, beside the hero.
  await toggle.click();
  await page.mouse.click(8, PHONE.height - 8);
  await expect(menu).toBeHidden();

  await toggle.click();
  await menu.getByRole('link', { name: 'Blog' }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(menu).toBeHidden();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');

  // Past 200 px the header is fixed at a phone's width too, and its menu opens over the page.
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect(page.locator('header.site-header')).toHaveClass(/fixed/);
  await toggle.click();
  await expect(menu.getByRole('link', { name: 'Add Listing' })).toBeInViewport();
  await page.keyboard.press('Escape');

  // A laptop's width: no menu button, the links and Add Listing in the header itself.
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(header.getByRole('link', { name: 'Add Listing' })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Blog' })).toBeVisible();
});

test('the directory search field shows its whole placeholder', async ({ page }, testInfo) => {
  await page.goto('/home');
  await expect(page.getByLabel('Search the directory')).toBeVisible();
  await walk(page, testInfo, 'home');
});

test('the tab rows keep the current tab in view and show, and scroll to, the tabs past their edges', async ({
  page,
}) => {
  // Ten tabs walked with the keyboard and the admin row after them: about half a minute on a busy machine.
  test.setTimeout(90_000);
  const companyId = await signInAsDemo(page);
  const nav = page.getByRole('navigation', { name: 'Company sections' });
  const frame = page.locator('.tab-row').filter({ has: nav });
  for (const path of ['/dashboard/', '/user-profile/']) {
    await page.goto(`${path}${companyId}`);
    await expectUncovered(nav.locator('[aria-current="page"]'));
  }
  // On the first tab the row shows that more tabs follow, and its cue scrolls to them.
  await page.goto(`/dashboard/${companyId}`);
  await expect(frame.locator('[data-scroll-cue="start"]')).toBeHidden();
  await pressUntilHidden(page, frame.locator('[data-scroll-cue="end"]'));
  await expectUncovered(nav.getByRole('link', { name: 'Settings' }));
  await pressUntilHidden(page, frame.locator('[data-scroll-cue="start"]'));
  await expectUncovered(nav.getByRole('link', { name: 'Dashboard' }));
  // With the keyboard, each tab comes whole into view, clear of the cues, as it takes the focus.
  await nav.getByRole('link', { name: 'Dashboard' }).focus();
  for (const name of [
    'Realtime',
    'Detail & exports',
    'Funnels',
    'Test site',
    'API usage',
    'Alerts',
    'Audit log',
    'Plans',
    'Settings',
  ]) {
    await page.keyboard.press('Tab');
    const tab = nav.getByRole('link', { name });
    await expect(tab).toBeFocused();
    await expectUncovered(tab);
  }

  await actAsAdmin(page);
  await page.goto('/admin/subscribers');
  const admin = page.getByRole('navigation', { name: 'Admin sections' });
  await expectUncovered(admin.locator('[aria-current="page"]'));
  await expect(
    page.locator('.tab-row').filter({ has: admin }).locator('[data-scroll-cue="start"]'),
  ).toBeVisible();
});

/** Presses a scroll cue (at least once) until the row's end is reached and it hides. */
async function pressUntilHidden(page: Page, cue: Locator) {
  for (let presses = 0; presses === 0 || (presses < 5 && (await cue.isVisible())); presses += 1) {
    await cue.click();
    // The row scrolls smoothly; the next press comes once it has settled.
    await page.waitForTimeout(500);
  }
  await expect(cue).toBeHidden();
}

/**
 * `target` is shown whole: both its ends are on screen and on top (no cue or fade over them). Stricter than
 * `toBeInViewport({ ratio: 1 })` about what covers it, and blind to the fraction of a pixel that a row
 * scrolled to its end may clip.
 */
async function expectUncovered(target: Locator) {
  const covering = () =>
    target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      const y = box.top + box.height / 2;
      return [box.left + 2, box.right - 2]
        .map((x) => document.elementFromPoint(x, y))
        .filter((found) => !found || !element.contains(found))
        .map((found) => found?.outerHTML.slice(0, 80) ?? 'nothing: off screen');
    });
  await expect.poll(covering, `${await target.textContent()} is covered at its ends`).toEqual([]);
}

test('every detail table shows its last column, breaks paths only between their parts, and numbers never', async ({
  page,
}, testInfo) => {
  const { account, companyId } = await longNamedCompany();
  await signIn(page, account.email, account.password);
  await page.goto(`/dashboard/${companyId}/detail`);
  const tables = page.getByRole('main').getByRole('table');
  await expect(tables.first()).toBeVisible();
  for (const table of await tables.all()) {
    const last = table.locator('tbody tr').first().locator('td').last();
    await last.scrollIntoViewIfNeeded();
    await expect(last).toBeInViewport({ ratio: 1 });
  }
  for (const cell of await page.locator('main tbody td:first-child').all()) {
    const { text, before } = await lineBreaks(cell);
    for (const character of before) expect(character, `a break inside "${text}"`).toMatch(BREAKS_AFTER);
  }
  for (const cell of await page.locator('main tbody td:not(:first-child)').all()) {
    const { text, before } = await lineBreaks(cell);
    expect(before, `"${text}" on one line`).toEqual([]);
  }
  await expect(page.getByRole('button', { name: new RegExp(LONG.path.slice(0, 30)) }).first()).toBeVisible();
  await walk(page, testInfo, 'detail-long');
});

test("the test site's feed wraps long paths, hosts and property values inside itself", async ({
  page,
}, testInfo) => {
  const { account, companyId } = await longNamedCompany();
  await signIn(page, account.email, account.password);
  await page.goto(`/test-site/${companyId}`);
  const feed = page.getByTestId('event-feed');
  await expect(feed.getByText(LONG.prop)).toBeVisible();
  await expect(feed.getByText(LONG.event)).toBeVisible();
  const outside = await feed.evaluate((list) => {
    const edge = list.getBoundingClientRect();
    return [...list.querySelectorAll('*')]
      .filter((element) => element.getBoundingClientRect().right > edge.right + 0.5)
      .map((element) => element.textContent?.slice(0, 40));
  });
  expect(outside, 'parts of the feed past its right edge').toEqual([]);
  await walk(page, testInfo, 'test-site-long');
});

test('the public and session screens fit a phone', async ({ page }, testInfo) => {
  // Each screen is checked, then photographed at both widths.
  test.setTimeout(180_000);
  const admin = await newAdmin();
  const post = await apiCall<{ data: { id: number } }>('POST', '/api/admin/blogs', {
    token: await adminToken(admin.email, admin.password),
    body: { title: LONG_TITLE, body_markdown: `Start at ${LONG.website}${LONG.path}.`, published: true },
  });
  const screens = [
    ['blogs', '/blogs'],
    ['blog-post', `/blogs/${post.data.id}`],
    ['terms', '/terms-and-conditions'],
    ['privacy', '/privacy-policy'],
    ['payment-success', '/payment-success'],
    ['add-list-visitor', '/admin/add-list'],
    ['sign-up', '/session/sign-up'],
    ['sign-in', '/session/sign-in'],
    ['forgot-password', '/session/forgot-password'],
    ['reset-password', '/password/reset?token=abc&email=maximiliana.montgomery%40example.com'],
    ['verify-email', '/email/verify/1'],
    ['admin-login', '/admin/login'],
  ] as const;
  for (const [name, path] of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await walk(page, testInfo, name);
  }
});

test("the company screens fit a phone with the demo company's data", async ({ page }, testInfo) => {
  // Each screen is checked, then photographed at both widths.
  test.setTimeout(180_000);
  const companyId = await signInAsDemo(page);
  for (const [name, path] of [
    ['dashboard', `/dashboard/${companyId}`],
    ['detail', `/dashboard/${companyId}/detail`],
    ['funnels', `/dashboard/${companyId}/funnels`],
    ['test-site', `/test-site/${companyId}`],
    ['api-usage', `/api-count-report/${companyId}`],
    ['audit-log', `/audit-log/${companyId}`],
    ['plans', `/user-plans/${companyId}`],
    ['settings', `/user-profile/${companyId}`],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectUncovered(
      page.getByRole('navigation', { name: 'Company sections' }).locator('[aria-current="page"]'),
    );
    await walk(page, testInfo, name);
  }
  // The dark theme, chosen in the header's menu.
  await page.goto(`/dashboard/${companyId}`);
  await page.getByRole('banner').getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('button', { name: /System theme/ }).click();
  await page.getByRole('button', { name: /Light theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.screenshot({ path: testInfo.outputPath('mobile-menu-dark-375.png') });
  await page.keyboard.press('Escape');
  await walk(page, testInfo, 'dashboard-dark');
});

test('the admin screens fit a phone, with long names in their lists', async ({ page }, testInfo) => {
  // Each screen is checked, then photographed at both widths.
  test.setTimeout(180_000);
  await longNamedCompany();
  const { token } = await actAsAdmin(page);
  await apiCall('POST', '/api/admin/blogs', {
    token,
    body: { title: LONG_TITLE, body_markdown: LONG.path, published: true },
  });
  await apiCall('POST', '/api/subscribe', {
    body: { email: `maximiliana.montgomery-featherstonehaugh.${Date.now()}@example.com` },
  });
  for (const screen of ADMIN_PAGES) {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectUncovered(
      page.getByRole('navigation', { name: 'Admin sections' }).locator('[aria-current="page"]'),
    );
    await walk(page, testInfo, screen.name);
  }
});
