// The client's error catalogue (docs/architecture.md "The dashboard") in Chromium: each failed-request condition raises its modal alert
// (Ok and Cancel) and does what follows it. Statuses the real server would not give on demand are driven
// with page.route; the 403 and the stale token are the real server's.
import type { BrowserContext, Page } from '@playwright/test';
import { adminToken, expect, newAdmin, signInAsDemo, signOut, test, tokenCookie } from './support/dashboard';
import { readEnvironment } from './support/environment';

/** The analytics request of the 7-day period the tests switch to (not the chart's background fetches). */
const SEVEN_DAYS = (url: URL) =>
  url.pathname.startsWith('/api/company-visitor-analytics-detail/') &&
  url.searchParams.get('period') === '7d';

function alert(page: Page) {
  return page.getByRole('alertdialog');
}

async function expectAlert(page: Page, title: string, text: string): Promise<void> {
  const dialog = alert(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading')).toHaveText(title);
  await expect(dialog).toContainText(text);
  await expect(dialog.getByRole('button', { name: 'Ok' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeVisible();
}

test('a 500 shows the alert "Error" with "Something went wrong", and the failed analytics leave no stale data', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  await expect(page.locator('.summary-value').first()).toBeVisible();
  await page.route(SEVEN_DAYS, (route) => route.fulfill({ status: 500, json: { message: 'Server Error' } }));
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expectAlert(page, 'Error', 'Something went wrong');
  await alert(page).getByRole('button', { name: 'Ok' }).click();
  await expect(alert(page)).toHaveCount(0);
  // The figures of the earlier period are gone: the screen says what failed instead.
  await expect(page.getByText('This page could not be shown')).toBeVisible();
  await expect(page.locator('.summary-value')).toHaveCount(0);
  await page.unroute(SEVEN_DAYS);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('.summary-value').first()).toBeVisible();
  expect(page.url()).toContain(`/dashboard/${companyId}`);
});

test('a 401 while signed in shows "Session expired"; Ok signs the user out and leaves the signed-in pages', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.route(SEVEN_DAYS, (route) =>
    route.fulfill({ status: 401, json: { message: 'Unauthenticated.' } }),
  );
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expectAlert(page, 'Session expired', 'Session expired. login again to continue');
  await alert(page).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await tokenCookie(page)).toBeUndefined();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();
});

test('Cancel on "Session expired" only closes the alert', async ({ page }) => {
  await signInAsDemo(page);
  await page.route(
    SEVEN_DAYS,
    (route) => route.fulfill({ status: 401, json: { message: 'Unauthenticated.' } }),
    {
      times: 1,
    },
  );
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expectAlert(page, 'Session expired', 'Session expired. login again to continue');
  await alert(page).getByRole('button', { name: 'Cancel' }).click();
  await expect(alert(page)).toHaveCount(0);
  expect(await tokenCookie(page)).toBeDefined();
});

test("another company's dashboard: the server's 403 shows Permission Denied with its message, then the user's own", async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  await page.goto('/dashboard/999999');
  const dialog = alert(page);
  await expect(dialog.getByRole('heading')).toHaveText('Permission Denied');
  // The server's own message, as it sent it.
  const answer = await page.request.get(`${readEnvironment().server}/api/companies/999999`, {
    headers: { authorization: `Bearer ${(await tokenCookie(page))?.value}` },
  });
  expect(answer.status()).toBe(403);
  await expect(dialog).toContainText((await answer.json()).message);
  // The alert is the one message: no error card with a retry that could only fail again behind it.
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(page.getByText('Permission denied', { exact: true })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}$`));
  await expect(page.locator('.summary-value').first()).toBeVisible();
});

test('a token that no longer works is cleared by the failed user fetch, with no alert, and the guard sends home', async ({
  page,
  context,
}) => {
  const { server } = readEnvironment();
  await context.addCookies([{ name: 'token', value: 'not.a.token', url: server }]);
  await page.goto('/dashboard/1');
  await expect(page).toHaveURL(/\/home$/);
  expect(await tokenCookie(page)).toBeUndefined();
  await expect(alert(page)).toHaveCount(0);
});

test('a failed sign-out is ignored: the user is signed out all the same, without an alert', async ({
  page,
}) => {
  await signInAsDemo(page);
  await page.route('**/api/logout', (route) =>
    route.fulfill({ status: 500, json: { message: 'Server Error' } }),
  );
  await signOut(page);
  expect(await tokenCookie(page)).toBeUndefined();
  await expect(alert(page)).toHaveCount(0);
});

test('a lost connection shows a network alert that says what to do', async ({ page }) => {
  await signInAsDemo(page);
  await page.route(SEVEN_DAYS, (route) => route.abort('internetdisconnected'));
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expectAlert(page, 'Network error', 'Check your connection');
});

test("a 422 outside registration goes beside the form's field, with no alert", async ({ page }) => {
  await signInAsDemo(page);
  await page.goto('/account/security');
  await page.getByLabel('Current password').fill('not the password');
  await page.getByLabel('New password', { exact: true }).fill('whatever123');
  await page.getByLabel('Confirm new password').fill('whatever123');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('The password is incorrect.')).toBeVisible();
  await expect(alert(page)).toHaveCount(0);
});

/**
 * An admin signed in (the token in its cookie, the account loaded) on the admin's reset page, whose form calls
 * an admin URL, `POST /api/admin/password/reset`.
 */
async function adminOnResetPage(page: Page, context: BrowserContext): Promise<void> {
  const admin = await newAdmin();
  const token = await adminToken(admin.email, admin.password);
  await context.addCookies([{ name: 'token', value: token, url: readEnvironment().server }]);
  // The admin-logged-in check: the account is loaded before the form is used.
  const loaded = page.waitForResponse((answer) => answer.url().endsWith('/api/admin/user') && answer.ok());
  await page.goto(`/password/reset?token=reset-token&email=${encodeURIComponent(admin.email)}&admin=1`);
  await loaded;
  await page.getByLabel('New password', { exact: true }).fill('a new admin password');
  await page.getByLabel('Confirm new password').fill('a new admin password');
}

test('a 401 on an admin URL while an admin is signed in shows "Session expired"; Ok signs out and opens /admin/login', async ({
  page,
  context,
}) => {
  await adminOnResetPage(page, context);
  await page.route('**/api/admin/password/reset**', (route) =>
    route.fulfill({ status: 401, json: { message: 'Unauthenticated.' } }),
  );
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectAlert(page, 'Session expired', 'Session expired. login again to continue');
  await alert(page).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await tokenCookie(page)).toBeUndefined();
});

test('a 403 for a signed-in admin shows Permission Denied, then the admin dashboard', async ({
  page,
  context,
}) => {
  await adminOnResetPage(page, context);
  await page.route('**/api/admin/password/reset**', (route) =>
    route.fulfill({ status: 403, json: { message: 'This admin account is suspended.' } }),
  );
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expectAlert(page, 'Permission Denied', 'This admin account is suspended.');
  await alert(page).getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
