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
  await expect(header.getByRole('link', { name: 'Add Listing' })).toHaveAttribute('href', '/admin/add-list');
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

test('the full-page loader shows while a request is in flight, with the count of requests', async ({
  page,
}) => {
  await signInAsDemo(page);
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(
    (url) =>
      url.pathname.startsWith('/api/company-visitor-analytics-detail/') &&
      url.searchParams.get('period') === '7d',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  const loader = page.locator('.global-loader');
  await expect(loader).toBeVisible();
  await expect(loader).toHaveAttribute('data-api-count', '1');
  await expect(loader).toContainText('(1 request)');
  release();
  await expect(loader).toHaveCount(0);
  await expect(page).toHaveURL(/period=7d/);
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

test('inside the analytics app Add Listing steps back and the newsletter leaves the footer; the public site keeps both', async ({
  page,
}) => {
  await page.goto('/plans');
  const addListing = page.locator('header.site-header').getByRole('link', { name: 'Add Listing' });
  await expect(addListing).toHaveClass(/button-primary/);
  await expect(footer(page).getByLabel('Newsletter email')).toBeVisible();

  const companyId = await signInAsDemo(page);
  for (const path of [`/dashboard/${companyId}`, `/dashboard/${companyId}/realtime`, '/sites']) {
    await page.goto(path);
    await expect(footer(page)).toBeVisible();
    await expect(addListing).toBeVisible();
    await expect(addListing, path).not.toHaveClass(/button-primary/);
    await expect(footer(page).getByLabel('Newsletter email'), path).toHaveCount(0);
  }
});
