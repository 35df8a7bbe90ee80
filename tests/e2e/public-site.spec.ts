// The public site in Chromium: the directory with its widgets, the blog with sanitized Markdown, the legal
// pages' anchors, the footer's subscribe form, and a plan upgrade through the test checkout.
import type {
  CompanyAnswer,
  PlanListAnswer,
  PublicBlogPost,
  PublicBlogPostListAnswer,
  PublicListingListAnswer,
  UsageAnswer,
} from '@footfall/contract';
import type { Page } from '@playwright/test';
import { actAsAdmin } from './support/admin';
import {
  adminToken,
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  newAdmin,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';

const footer = (page: import('@playwright/test').Page) => page.locator('footer.site-footer');

test('the directory lists the demo company with its public stats widget, and searches', async ({
  page,
}, testInfo) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Directory' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Demo Company' });
  await expect(card).toBeVisible();
  // The widget mounts in its shadow root once /widget.js has loaded and the stats arrived.
  await expect(card.locator('[data-footfall-widget]').getByText('visitors', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'home-directory');

  await page.getByLabel('Search the directory').fill('no company is called this');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/home\?q=no\+company/);
  await expect(page.getByText('No listed company matches')).toBeVisible();
  await page.getByRole('link', { name: 'Show every company' }).click();
  await expect(page.getByRole('article', { name: 'Demo Company' })).toBeVisible();

  // The page agrees with the server's directory.
  const listings = await apiCall<PublicListingListAnswer>('GET', '/api/listings?per_page=100');
  const demo = listings.data.find((listing) => listing.name === 'Demo Company');
  expect(demo?.tracking_key).toBeTruthy();
});

/** A listed company of a new account, with a logo served by the server itself. */
async function listedCompanyWithLogo(name: string, logoUrl: string): Promise<void> {
  const account = await verifiedAccount('Logo Owner');
  const token = await apiToken(account.email, account.password);
  const { data: companies } = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', { token });
  const company = companies[0];
  if (!company) throw new Error('the new account has no company');
  await apiCall('PATCH', `/api/companies/${company.id}`, {
    token,
    body: { name, listed: true, logo_url: logoUrl, website: 'https://logo.example' },
  });
}

/** Waits until the image named `name` is drawn (loaded, with a size), not only present. */
async function expectImageLoaded(page: Page, name: string | RegExp): Promise<void> {
  const image = page.getByRole('img', { name });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);
}

test('listings with logos and posts with covers show them, on /home, /blogs and the post', async ({
  page,
}) => {
  const { server } = readEnvironment();
  const logo = `${server}/favicon.svg`;
  const name = `Logo Works ${Date.now()}`;
  await listedCompanyWithLogo(name, logo);
  const admin = await newAdmin();
  const title = `A post with a cover ${Date.now()}`;
  const post = await apiCall<{ data: { id: number } }>('POST', '/api/admin/blogs', {
    token: await adminToken(admin.email, admin.password),
    body: { title, body_markdown: 'Covered.', published: true, cover_url: `${logo}?cover` },
  });

  await page.goto(`/home?q=${encodeURIComponent(name)}`);
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expectImageLoaded(page, `${name} logo`);

  await page.goto('/blogs');
  const card = page.locator('.post-card', { has: page.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  await expect
    .poll(() => card.locator('img.post-cover').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);

  await page.goto(`/blogs/${post.data.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect
    .poll(() => page.locator('img.post-cover').evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0);
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
});

test('a listing whose logo breaks keeps its placeholder, and the directory stays up', async ({ page }) => {
  const { server } = readEnvironment();
  const broken = `Broken Logo ${Date.now()}`;
  await listedCompanyWithLogo(broken, `${server}/favicon.svg?broken`);
  // A content problem inside one card: measuring that card's logo throws, as any bug in its code could.
  await page.addInitScript((brokenName) => {
    const measure = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      if (this.closest('article')?.textContent?.includes(brokenName)) throw new Error('a broken logo');
      return measure.call(this);
    };
  }, broken);

  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Directory' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Demo Company' })).toBeVisible();
  await page.goto(`/home?q=${encodeURIComponent(broken)}`);
  const card = page.getByRole('article', { name: broken });
  await expect(card).toBeVisible();
  await expect(card.locator('.listing-initials')).toHaveText('BL');
  await expect(page.getByText('This page could not be shown')).toHaveCount(0);
});

test('an admin lists a company through Add Listing, and it appears on /home with its public stats widget', async ({
  page,
}) => {
  // A company whose owner publishes its stats, not listed yet.
  const account = await verifiedAccount('Listing Owner');
  const token = await apiToken(account.email, account.password);
  const { data: companies } = await apiCall<{ data: { id: number; name: string }[] }>(
    'GET',
    '/api/companies',
    {
      token,
    },
  );
  const company = companies[0];
  if (!company) throw new Error('the new account has no company');
  const name = `Widget Works ${Date.now()}`;
  await apiCall('PATCH', `/api/companies/${company.id}`, { token, body: { name, public_stats: true } });

  await actAsAdmin(page);
  await page.goto('/admin/add-list');
  await page.getByLabel('Attach to an existing company (optional)').fill(name);
  await page.getByRole('button', { name: `Attach to ${name}` }).click();
  await expect(page.getByText(`Attached to ${name}`)).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Website').fill('https://widget-works.example');
  await page.getByLabel('Description (optional)').fill('Hand-made widgets, measured without cookies.');
  await page.getByRole('button', { name: `Update and list ${name}` }).click();
  await page.getByRole('status').getByRole('link', { name: 'See it on the directory' }).click();

  await expect(page).toHaveURL(/\/home\?q=/);
  const card = page.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Hand-made widgets, measured without cookies.')).toBeVisible();
  await expect(card.getByRole('link', { name: /widget-works\.example/ })).toHaveAttribute(
    'href',
    'https://widget-works.example',
  );
  await expect(card.locator('[data-footfall-widget]').getByText('visitors', { exact: true })).toBeVisible();
});

test('a post written by an admin shows at /blogs/{id}, with the script tags of its Markdown made harmless', async ({
  page,
}, testInfo) => {
  const admin = await newAdmin();
  const token = await adminToken(admin.email, admin.password);
  const title = `Counting visitors without cookies ${Date.now()}`;
  const markdown = [
    '## How it works',
    '',
    'Each visit is a **hashed** id.',
    '',
    '<script>window.__footfallXss = true</script>',
    '',
    '<img src="x" onerror="window.__footfallXss = true">',
    '',
    '[a link](javascript:window.__footfallXss=true)',
  ].join('\n');
  const created = await apiCall<{ data: { id: number } }>('POST', '/api/admin/blogs', {
    token,
    body: { title, body_markdown: markdown, published: true },
  });

  await page.goto('/blogs');
  await page.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${created.data.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'How it works' })).toBeVisible();
  await expect(page.locator('.prose strong')).toHaveText('hashed');
  expect(await page.evaluate(() => (window as { __footfallXss?: boolean }).__footfallXss)).toBeUndefined();
  await expect(page.locator('.prose script')).toHaveCount(0);
  await expect(page.locator('.prose [onerror]')).toHaveCount(0);
  await expect(page.locator('.prose a[href^="javascript"]')).toHaveCount(0);
  // Blog pages open with their hero: header-top, no footer.
  await expect(page.locator('.app')).toHaveClass(/header-top/);
  await expect(footer(page)).toHaveCount(0);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'blog-post');

  const post = await apiCall<{ data: PublicBlogPost }>('GET', `/api/blogs/${created.data.id}`);
  expect(post.data.body_html).not.toMatch(/<script|onerror|javascript:/i);
});

test('the blog list and the legal pages read well, and a legal anchor scrolls to its heading', async ({
  page,
}, testInfo) => {
  const posts = await apiCall<PublicBlogPostListAnswer>('GET', '/api/blogs');
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  const first = posts.data[0];
  if (first) await expect(page.getByRole('link', { name: first.title })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'blog-list');

  for (const [path, heading] of [
    ['/terms-and-conditions', 'Terms and conditions'],
    ['/privacy-policy', 'Privacy policy'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(footer(page)).toHaveCount(0);
    await expectAccessible(page);
    await captureScreens(page, testInfo, path.slice(1));
  }
  await expect(page.getByText('hashed id that changes every day')).toBeVisible();

  // Pages without a footer still lead to the legal pages.
  for (const path of ['/home', '/blogs', '/privacy-policy', '/terms-and-conditions']) {
    await page.goto(path);
    const legal = page.getByRole('navigation', { name: 'Legal' });
    await expect(legal.getByRole('link', { name: 'Privacy policy' })).toBeVisible();
    await expect(legal.getByRole('link', { name: 'Terms and conditions' })).toBeVisible();
  }
  await page.goto('/home');
  await page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();

  await page.goto('/privacy-policy#retention');
  const retention = page.locator('h2#retention');
  await expect(retention).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
});

test('the footer subscribes an address once, and says so', async ({ page }) => {
  const email = `news-${Date.now()}@example.com`;
  await page.goto('/payment-success');
  await expect(footer(page)).toBeVisible();
  await footer(page).getByLabel('Newsletter email').fill('not an address');
  await footer(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer(page).getByText('The email field must be a valid email')).toBeVisible();
  await footer(page).getByLabel('Newsletter email').fill(email);
  await footer(page).getByRole('button', { name: 'Subscribe' }).click();
  await expect(footer(page).getByRole('status')).toBeVisible();

  const admin = await newAdmin();
  const token = await adminToken(admin.email, admin.password);
  const stored = await apiCall<{ data: { email: string }[] }>(
    'GET',
    `/api/admin/subscribers?q=${encodeURIComponent(email)}`,
    { token },
  );
  expect(stored.data.map((row) => row.email)).toEqual([email]);
});

test('a user upgrades through the test checkout, and the plans page shows the new plan and quota', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Upgrading User');
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  await page.getByRole('link', { name: 'Plans' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-plans/${companyId}$`));
  const free = page.getByRole('article', { name: 'Free' });
  await expect(free.getByText('Current plan')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'plans');

  // Cancel first: back on the plans page, nothing changed.
  await page.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-plans/${companyId}\\?checkout=canceled$`));
  await expect(page.getByText('Checkout canceled')).toBeVisible();
  await expect(free.getByText('Current plan')).toBeVisible();

  await page.getByRole('button', { name: 'Upgrade to Starter' }).click();
  await expect(page.getByRole('heading', { name: 'Test checkout' })).toBeVisible();
  await expect(page.getByText('$9.00 / month')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'test-checkout');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/payment-success\?session_id=cs_/);
  await expect(page.getByRole('heading', { name: /you are on the Starter plan/ })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'payment-success');

  await page.getByRole('link', { name: 'See your plans' }).click();
  await expect(page.getByRole('article', { name: 'Starter' }).getByText('Current plan')).toBeVisible();
  await expect(free.getByText('Current plan')).toHaveCount(0);
  await expect(page.getByText('of 100,000')).toBeVisible();

  const token = await apiToken(account.email, account.password);
  const company = await apiCall<CompanyAnswer>('GET', `/api/companies/${companyId}`, { token });
  const usage = await apiCall<UsageAnswer>('GET', `/api/companies/${companyId}/usage`, { token });
  expect(company.data.plan).toBe('starter');
  expect(usage.data.events_quota).toBe(100_000);
});

test('a visitor compares the plans at /plans (and /pricing) and starts free from them', async ({
  page,
}, testInfo) => {
  const { data: plans } = await apiCall<PlanListAnswer>('GET', '/api/plans');
  await page.goto('/pricing');
  await expect(page).toHaveURL(/\/plans$/);
  await expect(page.getByRole('heading', { name: 'Plans', level: 1 })).toBeVisible();
  const cards = page.getByRole('list', { name: 'Plans' }).getByRole('article');
  await expect(cards).toHaveCount(plans.length);
  for (const plan of plans) await expect(page.getByRole('article', { name: plan.name })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'public-plans');
  await page.getByRole('link', { name: 'Start free' }).first().click();
  await expect(page).toHaveURL(/\/session\/sign-up/);
});
