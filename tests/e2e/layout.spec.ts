// The layout rules of docs/architecture.md "The dashboard" in Chromium: the root redirect, the guard of the signed-in pages, the
// footer and header-top paths, the header fixed from 200 px of scroll, the 300 ms hash scroll, the
// full-page loader with its count of requests, and a lazy part that fails to load, then loads on retry.
import type { Page } from '@playwright/test';
import { expect, signInAsDemo, test } from './support/dashboard';

const footer = (page: Page) => page.locator('footer.site-footer');

test('/ redirects to /home, and a signed-in page without a token goes to /home', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/dashboard/1/detail');
  await expect(page).toHaveURL(/\/home$/);
  await page.goto('/test-site/1');
  await expect(page).toHaveURL(/\/home$/);
});

test('the footer is hidden and the wrapper takes the header-top style on the listed paths only', async ({
  page,
}) => {
  for (const path of ['/home', '/blogs', '/blogs/12', '/terms-and-conditions', '/privacy-policy', '/home/']) {
    await page.goto(path);
    await expect(page.locator('header.site-header'), path).toBeVisible();
    await expect(page.locator('.app'), path).toHaveClass(/header-top/);
    await expect(footer(page), path).toHaveCount(0);
  }
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.locator('.app')).not.toHaveClass(/header-top/);
  await expect(footer(page)).toBeVisible();
  await expect(footer(page)).toContainText(`© ${new Date().getFullYear()} Footfall`);

  const companyId = await signInAsDemo(page);
  await expect(footer(page)).toBeVisible();
  await expect(page.locator('.app')).not.toHaveClass(/header-top/);
  expect(page.url()).toContain(`/dashboard/${companyId}`);
  // Home offers a signed-in user the way back to their dashboard, not a sign-up.
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Open your dashboard' })).toHaveAttribute(
    'href',
    `/dashboard/${companyId}`,
  );
  await expect(page.getByRole('link', { name: 'Sign up free' })).toHaveCount(0);

  // The session screens stand alone: no header, no footer.
  await page.goto('/session/forgot-password');
  await expect(page.locator('header.site-header')).toHaveCount(0);
  await expect(footer(page)).toHaveCount(0);
});

test('the header shows the 150 px logo and Add Listing, and becomes fixed from 200 px of scroll, not before', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}/detail`);
  await expect(page.locator('svg[data-chart="timeseries"]')).toBeVisible();
  const header = page.locator('header.site-header');
  // In the analytics app Add Listing is in the header's user menu.
  await header.getByRole('button', { name: /account menu/ }).click();
  await expect(header.getByRole('link', { name: 'Add Listing' })).toHaveAttribute('href', '/admin/add-list');
  await page.keyboard.press('Escape');
  expect((await header.locator('svg.logo').boundingBox())?.width).toBe(150);

  const positionAfter = async (y: number) => {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await page.waitForFunction((top) => Math.round(window.scrollY) === top, y);
    // React re-renders on the scroll event; give it a frame.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    return header.evaluate((element) => getComputedStyle(element).position);
  };
  expect(await positionAfter(199)).not.toMatch(/fixed|sticky/);
  expect(await positionAfter(200)).toBe('fixed');
  expect(await positionAfter(1200)).toBe('fixed');
  expect(await positionAfter(0)).not.toMatch(/fixed|sticky/);
});

test('a URL hash waits 300 ms after the page has rendered, then scrolls smoothly to its element', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  // In the page: when #countries appeared, when scrolling started, and how many scroll steps there were.
  await page.addInitScript(() => {
    const marks = { appeared: 0, firstScroll: 0, scrolls: 0 };
    Object.assign(window, { __marks: marks });
    new MutationObserver(() => {
      if (!marks.appeared && document.getElementById('countries')) marks.appeared = performance.now();
    }).observe(document, { childList: true, subtree: true });
    window.addEventListener('scroll', () => {
      marks.scrolls += 1;
      if (!marks.firstScroll && window.scrollY > 0) marks.firstScroll = performance.now();
    });
  });
  await page.goto(`/dashboard/${companyId}/detail#countries`);
  const target = page.locator('#countries');
  await expect(target).toBeInViewport();
  await expect
    .poll(() => target.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
    .toBeLessThan(120);
  const marks = await page.evaluate(
    () =>
      (window as unknown as { __marks: { appeared: number; firstScroll: number; scrolls: number } }).__marks,
  );
  expect(marks.firstScroll - marks.appeared).toBeGreaterThanOrEqual(290);
  // Smooth: the page moved in several steps, not one jump.
  expect(marks.scrolls).toBeGreaterThan(2);

  // A hash naming no element leaves a new page at its top.
  await page.goto(`/dashboard/${companyId}/detail?period=7d#nothing-here`);
  await expect(page.locator('#countries')).toBeAttached();
  await page.waitForTimeout(700);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('the full-page loader shows while a navigation loads, with the count of requests', async ({ page }) => {
  const companyId = await signInAsDemo(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) =>
      url.pathname.startsWith('/api/company-visitor-analytics-detail/') && url.searchParams.has('limit'),
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page
    .getByRole('navigation', { name: 'Company sections' })
    .getByRole('link', { name: 'Detail & exports' })
    .click();
  const loader = page.locator('.global-loader');
  await expect(loader).toBeVisible();
  await expect(loader).toHaveAttribute('data-api-count', '1');
  await expect(loader).toContainText('(1 request)');
  release();
  await expect(loader).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/detail`));
});

test('a change of period updates the figures in place: the new choice at once, the old figures faded, a newer change cancelling the older', async ({
  page,
}, testInfo) => {
  await signInAsDemo(page);
  const holds = new Map<string, () => void>();
  await page.route(
    (url) =>
      url.pathname.startsWith('/api/company-visitor-analytics-detail/') &&
      ['7d', 'month'].includes(url.searchParams.get('period') ?? ''),
    async (route) => {
      const period = new URL(route.request().url()).searchParams.get('period') ?? '';
      await new Promise<void>((resolve) => holds.set(period, resolve));
      await route.continue().catch(() => undefined);
    },
  );
  const cancelled: string[] = [];
  page.on('requestfailed', (request) => {
    const period = new URL(request.url()).searchParams.get('period');
    if (period) cancelled.push(period);
  });
  const periodSelect = page.getByLabel('Period', { exact: true });
  const visitors = page.getByRole('list', { name: 'Summary' });
  const before = (await visitors.textContent()) ?? '';

  await periodSelect.selectOption('7d');
  // The control says 7 days at once; the page stays, faded, under a small indicator; no full-page loader.
  await expect(periodSelect).toHaveValue('7d');
  const body = page.locator('.company-body');
  await expect(body).toHaveAttribute('data-updating', '');
  await expect(page.getByRole('status').filter({ hasText: 'Updating…' })).toBeVisible();
  await expect(page.locator('.global-loader')).toHaveCount(0);
  await expect(visitors).toHaveText(before);
  expect(await visitors.evaluate((element) => Number(getComputedStyle(element).opacity))).toBeLessThan(1);
  await page.screenshot({ path: testInfo.outputPath('updating-in-place-1280.png') });

  // A newer choice before the answer: the older request is cancelled, and only the newer one is shown.
  await expect.poll(() => holds.has('7d')).toBe(true);
  await periodSelect.selectOption('month');
  await expect(periodSelect).toHaveValue('month');
  await expect.poll(() => holds.has('month')).toBe(true);
  holds.get('7d')?.();
  await expect.poll(() => cancelled).toContain('7d');
  holds.get('month')?.();
  await expect(body).not.toHaveAttribute('data-updating');
  await expect(page).toHaveURL(/period=month/);
  await expect(periodSelect).toHaveValue('month');
  await expect(page.locator('.global-loader')).toHaveCount(0);
});

test('a lazy part that fails to load shows "Loading chunk failed", and Retry loads it', async ({ page }) => {
  const companyId = await signInAsDemo(page);
  let failing = true;
  await page.route(/\/assets\/detail-[^/]+\.js$/, (route) =>
    failing ? route.abort('failed') : route.continue(),
  );
  await page.getByRole('link', { name: 'Detail & exports' }).click();
  await expect(page.getByText('Loading chunk failed')).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Top pages', exact: true })).toBeVisible();
  expect(page.url()).toContain(`/dashboard/${companyId}/detail`);
});

test("inside the analytics app the header is an analytics app's: site switcher, realtime, user menu; Add Listing and the newsletter step back", async ({
  page,
}) => {
  await page.goto('/plans');
  const header = page.locator('header.site-header');
  const addListing = header.getByRole('link', { name: 'Add Listing' });
  await expect(addListing).toHaveClass(/button-primary/);
  await expect(footer(page).getByLabel('Newsletter email')).toBeVisible();

  const companyId = await signInAsDemo(page);
  for (const path of [`/dashboard/${companyId}`, `/dashboard/${companyId}/realtime`, '/sites', '/account']) {
    await page.goto(path);
    await expect(footer(page)).toBeVisible();
    // Add Listing is one of the user menu's links, out of sight until it opens.
    await expect(addListing, path).toBeHidden();
    await expect(header.locator('.button-primary'), path).toHaveCount(0);
    await expect(footer(page).getByLabel('Newsletter email'), path).toHaveCount(0);
  }
  await page.goto(`/dashboard/${companyId}`);
  await expect(header.getByLabel('Switch site')).toHaveValue(String(companyId));
  await header.getByRole('link', { name: 'Realtime' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/realtime$`));
  const menuButton = header.getByRole('button', { name: /account menu/ });
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  await menuButton.click();
  for (const name of ['Account settings', 'Your sites', 'Directory', 'Blog', 'Add Listing'])
    await expect(header.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(header.getByRole('button', { name: /Sign out/ })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(addListing).toBeHidden();
  await expect(menuButton).toBeFocused();
  await menuButton.click();
  await header.getByRole('link', { name: 'Your sites' }).click();
  await expect(page).toHaveURL(/\/sites$/);
  await expect(addListing).toBeHidden();
});
