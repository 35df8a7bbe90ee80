// The admin area as an administrator drives it: signing in through /admin/login (and its password reset),
// the guard of the admin pages, every page scanned with axe-core and photographed at 1280 and 375 px, and
// the flows that change things: a listing added, a post with a script published harmlessly, a plan changed,
// the subscribers exported, a user suspended and their token refused.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ADMIN_PAGES, actAsAdmin, apiAs, confirm, signInAsAdmin } from './support/admin';
import {
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  newAdmin,
  signInAsDemo,
  test,
  tokenCookie,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';
import { messagesTo, waitForLink } from './support/mailbox';

const unique = () => randomBytes(4).toString('hex');

test('an admin signs in through /admin/login, with remember me, and lands on the overview', async ({
  page,
}) => {
  const admin = await newAdmin();
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin sign in' })).toBeVisible();

  // A wrong password is refused beside the email field, and nothing is stored.
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.locator('.field-error').first()).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await tokenCookie(page)).toBeUndefined();

  await signInAsAdmin(page, admin, true);
  const cookie = await tokenCookie(page);
  expect(cookie?.value).toBeTruthy();
  // Remember me: the cookie outlives the browser session by a year (give or take the test's own seconds).
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
  expect(days).toBeGreaterThan(364);
  expect(days).toBeLessThanOrEqual(365.01);
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie?.path).toBe('/');

  // The overview shows the server's figures as cards, and its charts (a lazy chunk) arrive.
  const totals = page.getByRole('list', { name: 'Totals' });
  await expect(totals.getByText('Users', { exact: true })).toBeVisible();
  await expect(totals.getByText(/^\d+(\.\d)? (B|KB|MB|GB)$/)).toBeVisible();
  await expect(page.locator('main svg[data-chart]').first()).toBeVisible();
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard\?days=7$/);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');

  // The events card counts what the events chart counts, over the same days: the two never disagree.
  const eventsCard = totals.getByRole('listitem').filter({ hasText: 'Events stored' });
  const cardValue = (await eventsCard.locator('.summary-value').textContent()) ?? '';
  const chartTotal = page
    .getByRole('region', { name: /Events stored per day, last 7 days/ })
    .locator('.admin-chart-total');
  await expect(chartTotal).toHaveText(`Events ${cardValue}`);
  await expect(eventsCard).toContainText('last 7 days');
});

test('"Forgot password?" on the admin sign-in mails an admin reset link', async ({ page }) => {
  const { server, mailDir } = readEnvironment();
  const admin = await newAdmin();
  const before = messagesTo(mailDir, admin.email).length;
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Admin email').fill(admin.email);
  const asked = page.waitForRequest((request) => request.url().includes('/api/admin/password/email'));
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await asked;
  const link = await waitForLink(mailDir, admin.email, `${server}/password/reset`, before + 1);
  expect(new URL(link).searchParams.get('admin')).toBe('1');
});

test('the admin pages send a visitor without a token to /admin/login, and a signed-in user home', async ({
  page,
}) => {
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login\?redirect=%2Fadmin%2Fusers$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Signing in from there brings the admin back to the page asked for.
  const admin = await newAdmin();
  await page.goto('/admin/users');
  await page.getByLabel('Email', { exact: true }).fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible();

  await page.context().clearCookies();
  await signInAsDemo(page);
  await page.goto('/admin/companies');
  await expect(page).toHaveURL(/\/home$/);
});

test("Add Listing explains listings to a visitor and to a user, and leads a user to their own company's settings", async ({
  page,
}, testInfo) => {
  await page.goto('/home');
  await page.getByRole('banner').getByRole('link', { name: 'Add Listing' }).click();
  await expect(page).toHaveURL(/\/admin\/add-list$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add a listing' })).toBeVisible();
  await expect(page.getByText('A listing puts a company in Footfall')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Sign up free' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'listing-guide-visitor');

  const companyId = await signInAsDemo(page);
  await page.goto('/admin/add-list');
  await expect(page).toHaveURL(/\/admin\/add-list$/);
  await page.getByRole('link', { name: /Open .+'s settings/ }).click();
  await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}/general$`));
  await expect(page.getByLabel('List in the public directory')).toBeVisible();
});

test('the admin sign-in has no serious accessibility problem, at 1280 and 375 px', async ({
  page,
}, testInfo) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByLabel('Admin email')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'admin-login');
});

test('the admin navigation is used with the keyboard', async ({ page }) => {
  await actAsAdmin(page);
  await page.goto('/admin/dashboard');
  const companies = page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Companies' });
  await companies.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/companies$/);
  await expect(companies).toHaveAttribute('aria-current', 'page');
});

test('a listing added through the form is listed in the public directory, and the form starts again', async ({
  page,
}) => {
  const { token } = await actAsAdmin(page);
  const name = `Listed ${unique()}`;
  await page.goto('/admin/add-list');

  // The rules speak on input: a name is required, and the website must name a site.
  const nameField = page.getByLabel('Name', { exact: true });
  await nameField.fill('x');
  await nameField.fill('');
  await expect(page.getByText('The name field is required')).toBeVisible();
  await page.getByLabel('Website').fill('not a url');
  await expect(
    page.getByText('The website field must be a domain such as example.com, or a URL'),
  ).toBeVisible();
  await expect(page.getByLabel('Listed in the public directory')).toBeChecked();

  await nameField.fill(name);
  await page.getByLabel('Website').fill('https://listed.example.com');
  await page.getByLabel('Category (optional)').fill('Software');
  await page.getByLabel('Description (optional)').fill('Added by the end-to-end tests.');
  await page.getByRole('button', { name: 'Add listing' }).click();

  const notice = page.getByRole('status').filter({ hasText: name });
  await expect(notice).toContainText('is in the directory');
  await expect(notice.getByRole('link', { name: 'See it on the directory' })).toHaveAttribute(
    'href',
    `/home?q=${encodeURIComponent(name)}`,
  );
  await expect(nameField).toHaveValue('');
  await expect(page.getByLabel('Website')).toHaveValue('');

  const listings = await apiAs(undefined, 'GET', `/api/listings?q=${encodeURIComponent(name)}`);
  expect(listings.status).toBe(200);
  expect((listings.json as { data: { name: string }[] }).data.map((listing) => listing.name)).toEqual([name]);
  // And the admin's list of listings has it.
  const adminList = await apiAs(token, 'GET', '/api/admin/listings?per_page=100');
  expect(JSON.stringify(adminList.json)).toContain(name);
});

test('a post with a script in its Markdown previews harmlessly, publishes, and stays harmless', async ({
  page,
}, testInfo) => {
  await actAsAdmin(page);
  const title = `Safe post ${unique()}`;
  await page.goto('/admin/blogs/new');
  await page.getByLabel('Title').fill(title);
  await page
    .getByLabel('Post (Markdown)')
    .fill(
      [
        '# Hello readers',
        '',
        'Some **bold** words.',
        '',
        '<script>window.__adminXss = "script"</script>',
        '',
        '<img src="/nothing.png" onerror="window.__adminXss = \'onerror\'">',
        '',
        '[a link](javascript:window.__adminXss="link")',
      ].join('\n'),
    );

  const preview = page.getByTestId('blog-preview');
  await expect(preview.getByRole('heading', { name: 'Hello readers' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('bold');
  await expect(preview.locator('script')).toHaveCount(0);
  await expect(preview.locator('[onerror]')).toHaveCount(0);
  await expect(preview.locator('a[href^="javascript:"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __adminXss?: string }).__adminXss)).toBeUndefined();
  await captureScreens(page, testInfo, 'admin-blog-preview');

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/admin\/blogs\/\d+$/);
  await expect(page.getByRole('status').filter({ hasText: 'Published.' })).toBeVisible();
  const id = Number(/\/admin\/blogs\/(\d+)$/.exec(page.url())?.[1]);
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await captureScreens(page, testInfo, 'admin-blog-published');

  // What visitors get carries no script either.
  const published = await apiAs(undefined, 'GET', `/api/blogs/${id}`);
  expect(published.status).toBe(200);
  const html = (published.json as { data: { body_html: string; title: string } }).data;
  expect(html.title).toBe(title);
  expect(html.body_html).toContain('<strong>bold</strong>');
  expect(html.body_html).not.toMatch(/<script|onerror|javascript:/i);

  await page.getByRole('link', { name: 'View post' }).click();
  await expect(page).toHaveURL(new RegExp(`/blogs/${id}$`));
  await expect(page.getByRole('heading', { name: 'Hello readers' })).toBeVisible();
  expect(await page.evaluate(() => (window as { __adminXss?: string }).__adminXss)).toBeUndefined();

  // The list shows it published, and deleting it (after a confirmation) takes it off the blog.
  await page.goto('/admin/blogs');
  const row = page.getByRole('row').filter({ hasText: title });
  await expect(row.getByText('Published')).toBeVisible();
  await row.getByRole('button', { name: `Delete ${title}` }).click();
  await confirm(page, 'Delete this post?');
  await expect(row).toHaveCount(0);
  expect((await apiAs(undefined, 'GET', `/api/blogs/${id}`)).status).toBe(404);
});

test("a company's plan is changed from its row", async ({ page }) => {
  const { token } = await actAsAdmin(page);
  const account = await verifiedAccount(`Plan ${unique()}`);
  const userToken = await apiToken(account.email, account.password);
  const companies = (await apiAs(userToken, 'GET', '/api/companies')).json as {
    data: { id: number; name: string }[];
  };
  const company = companies.data[0];
  if (!company) throw new Error('the new account has no company');
  const plans = (await apiAs(token, 'GET', '/api/admin/plans')).json as {
    data: { id: number; slug: string; name: string }[];
  };
  const target = plans.data.find((plan) => plan.slug !== 'free');
  if (!target) throw new Error('no paid plan seeded');

  await page.goto(`/admin/companies?q=${encodeURIComponent(account.email)}`);
  await page.getByLabel(`Plan of ${company.name}`).selectOption(String(target.id));
  await expect(page.getByText(`${company.name} is now on the ${target.name} plan.`)).toBeVisible();
  const after = (await apiAs(userToken, 'GET', `/api/companies/${company.id}`)).json as {
    data: { plan: string };
  };
  expect(after.data.plan).toBe(target.slug);
});

test("a plan's terms are edited in place under its row, with the rules on input", async ({
  page,
}, testInfo) => {
  await actAsAdmin(page);
  await page.goto('/admin/plans');
  const row = page.getByRole('row').filter({ hasText: 'starter' });
  await row.getByRole('button', { name: /^Edit/ }).click();
  const form = page.getByRole('form', { name: /^Edit the .* plan$/ });
  const price = form.getByLabel(/^Price/);
  const original = await price.inputValue();
  expect(original).toMatch(/^\d+(\.\d{2})?$/);
  await price.fill('nine');
  await expect(form.getByText(/The price field must be numeric/)).toBeVisible();
  await price.fill(original);
  await expect(form.locator('.field-error')).toHaveCount(0);
  await captureScreens(page, testInfo, 'admin-plan-edit');
  // Saved as it was: the other specs rely on the seeded plans.
  await form.getByRole('button', { name: 'Save plan' }).click();
  await expect(page.getByText(/ is saved\.$/)).toBeVisible();
  await expect(form).toHaveCount(0);
});

test('"Export CSV" downloads every subscriber with the admin token', async ({ page }) => {
  await actAsAdmin(page);
  const email = `reader-${unique()}@example.com`;
  const subscribed = await apiAs(undefined, 'POST', '/api/subscribe', { email });
  expect(subscribed.status).toBe(200);

  await page.goto(`/admin/subscribers?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole('cell', { name: email, exact: true })).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.csv$/);
  expect(readFileSync(await file.path(), 'utf8')).toContain(email);
});

test('suspending a user refuses their token at once (GET /api/user 403)', async ({ page }) => {
  await actAsAdmin(page);
  const account = await verifiedAccount(`Suspended ${unique()}`);
  const userToken = await apiToken(account.email, account.password);
  expect((await apiAs(userToken, 'GET', '/api/user')).status).toBe(200);

  await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
  const row = page.getByRole('row').filter({ hasText: account.email });
  await expect(row.getByText('Active')).toBeVisible();
  await row.getByRole('button', { name: `Suspend ${account.email}` }).click();
  await confirm(page, /^Suspend /);
  await expect(row.getByText('Suspended', { exact: true })).toBeVisible();

  const refused = await apiAs(userToken, 'GET', '/api/user');
  expect(refused.status).toBe(403);
  expect((refused.json as { message: string }).message).toMatch(/suspended/i);

  // And back.
  await row.getByRole('button', { name: `Unsuspend ${account.email}` }).click();
  await confirm(page, /^Unsuspend /);
  await expect(row.getByText('Active')).toBeVisible();
});

// Last, so that the pages show what the tests above added.
for (const screen of ADMIN_PAGES) {
  test(`${screen.path} has the admin navigation, no serious accessibility problem, and fits 1280 and 375 px`, async ({
    page,
  }, testInfo) => {
    await actAsAdmin(page);
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Admin sections' });
    await expect(nav.getByRole('link', { name: screen.tab, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Admin');
    // The newsletter is for readers: its form has no place in the admin area.
    await expect(page.getByLabel('Newsletter email')).toHaveCount(0);
    // What loads after the page (the charts) is part of the page too.
    if (screen.path === '/admin/dashboard') await expect(page.locator('main svg[data-chart]')).toHaveCount(5);
    await expectAccessible(page);
    await captureScreens(page, testInfo, screen.name);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
  });
}
