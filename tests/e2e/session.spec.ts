// The session screens in Chromium against the real server and its mail: sign-up, the verification link,
// sign-in with and without "remember me", sign-out, and the password reset of users and admins.
import { randomBytes } from 'node:crypto';
import type { CompanyListAnswer } from '@footfall/contract';
import {
  adminToken,
  apiCall,
  apiToken,
  expect,
  newAdmin,
  signIn,
  signOut,
  test,
  tokenCookie,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';
import { messagesTo, waitForLink } from './support/mailbox';

const DAY_SECONDS = 24 * 60 * 60;

test('a new user signs up, verifies by the mailed link, and signs in with and without remember me', async ({
  page,
}) => {
  const { server, mailDir } = readEnvironment();
  const email = `new-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct horse battery';

  await page.goto('/session/sign-up');
  // Fields are checked as they are typed (aggressive mode).
  await page.getByLabel('Work email').fill('ada@example');
  await expect(page.getByText('The email field must be a valid email')).toBeVisible();
  await page.getByLabel('Work email').fill(email);
  await expect(page.getByText('The email field must be a valid email')).toHaveCount(0);
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(`${password}!`);
  await expect(page.getByText('The password confirmation does not match the password')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Company or site name').fill('Analytical Engines');
  // The site's address as "Add a site" takes it: a bare domain, not a URL.
  await page.getByLabel('Website (optional)').fill('localhost');
  await expect(
    page.getByText('The website field must be a domain such as example.com, or a URL'),
  ).toBeVisible();
  await page.getByLabel('Website (optional)').fill('analytical-engines.example');
  await expect(
    page.getByText('The website field must be a domain such as example.com, or a URL'),
  ).toHaveCount(0);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  const link = await waitForLink(mailDir, email, `${server}/email/verify/`, 1);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue to sign in' }).click();
  await expect(page).toHaveURL(/\/session\/sign-in\/\d+$/);
  await expect(page.getByText('Your email address is verified. Sign in to continue.')).toBeVisible();

  // Without "remember me": a session cookie, gone when the browser closes.
  await signIn(page, email, password);
  await expect(page.getByRole('heading', { name: 'Analytical Engines' })).toBeVisible();
  await expect(page.getByText('No visitors in this period yet')).toBeVisible();
  const companies = await apiCall<CompanyListAnswer>('GET', '/api/companies', {
    token: await apiToken(email, password),
  });
  expect(companies.data.map((company) => company.website)).toEqual(['https://analytical-engines.example']);
  const sessionCookie = await tokenCookie(page);
  expect(sessionCookie?.expires).toBe(-1);
  expect(sessionCookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });

  await signOut(page);
  expect(await tokenCookie(page)).toBeUndefined();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign in' }),
  ).toBeVisible();

  // With it: the cookie lives 365 days.
  await signIn(page, email, password, true);
  const remembered = await tokenCookie(page);
  const days = ((remembered?.expires ?? 0) - Date.now() / 1000) / DAY_SECONDS;
  expect(days).toBeGreaterThan(364.9);
  expect(days).toBeLessThanOrEqual(365);
});

test("sign-up shows the server's 422 beside its field", async ({ page }) => {
  const { demoEmail } = readEnvironment();
  await page.goto('/session/sign-up');
  await page.getByLabel('Your name').fill('Someone');
  await page.getByLabel('Work email').fill(demoEmail);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByLabel('Company or site name').fill('Taken Inc');
  await page.getByRole('button', { name: 'Create account' }).click();
  const emailField = page.getByLabel('Work email');
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('The email has already been taken.')).toBeVisible();
});

test("a refused registration (success: false) shows the server's message as the form's error", async ({
  page,
}) => {
  await page.route('**/api/register', (route) =>
    route.fulfill({ json: { success: false, message: 'Registration is closed.' } }),
  );
  await page.goto('/session/sign-up');
  await page.getByLabel('Your name').fill('Someone');
  await page.getByLabel('Work email').fill('someone@example.com');
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByLabel('Confirm password').fill('password123');
  await page.getByLabel('Company or site name').fill('Closed Inc');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Registration is closed.' })).toBeVisible();
});

test('an unverified account is told so at sign-in and can ask for a new link', async ({ page }) => {
  const { mailDir } = readEnvironment();
  const email = `unverified-${randomBytes(4).toString('hex')}@example.com`;
  const answer = await fetch(`${readEnvironment().server}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'U',
      email,
      password: 'password123',
      password_confirmation: 'password123',
      company_name: 'U',
    }),
  });
  expect(answer.status).toBe(201);
  await expect.poll(() => messagesTo(mailDir, email).length).toBe(1);

  await page.goto('/session/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('password123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Your email address is not verified.')).toBeVisible();
  await page.getByRole('button', { name: 'Send a new link' }).click();
  await expect.poll(() => messagesTo(mailDir, email).length).toBe(2);
});

test('forgot password: the mailed link sets a new password that signs in', async ({ page }) => {
  const { server, mailDir } = readEnvironment();
  const account = await verifiedAccount('Reset User');
  const before = messagesTo(mailDir, account.email).length;

  await page.goto('/session/sign-in');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/session\/forgot-password$/);
  // The URL changes before the lazy screen replaces sign-in, whose Email field would otherwise take the fill.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: /link/i }).first()).toBeVisible();

  const link = await waitForLink(mailDir, account.email, `${server}/password/reset`, before + 1);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('a brand new password');
  await page.getByLabel('Confirm new password').fill('a brand new password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('link', { name: 'Sign in with your new password' })).toBeVisible();

  // The link is single-use: opened again, the server refuses its token beside the form.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('yet another password');
  await page.getByLabel('Confirm new password').fill('yet another password');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('This password reset token is invalid.')).toBeVisible();

  await signIn(page, account.email, 'a brand new password');
  await expect(apiToken(account.email, account.password)).rejects.toThrow(/422/);
});

test("an admin's reset link (admin=1) resets the admin's password through the admin endpoint", async ({
  page,
}) => {
  const { server, mailDir } = readEnvironment();
  const { email: adminEmail } = await newAdmin();
  const before = messagesTo(mailDir, adminEmail).length;
  const asked = await fetch(`${server}/api/admin/password/email?email=${encodeURIComponent(adminEmail)}`, {
    method: 'POST',
  });
  expect(asked.status).toBe(200);
  const link = await waitForLink(mailDir, adminEmail, `${server}/password/reset`, before + 1);
  expect(new URL(link).searchParams.get('admin')).toBe('1');

  const posted = page.waitForRequest((request) => request.url().includes('/api/admin/password/reset'));
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new admin password' })).toBeVisible();
  const password = `admin-${randomBytes(6).toString('hex')}`;
  await page.getByLabel('New password', { exact: true }).fill(password);
  await page.getByLabel('Confirm new password').fill(password);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await posted;
  await expect(page.getByRole('link', { name: 'Go to the admin sign-in' })).toHaveAttribute(
    'href',
    '/admin/login',
  );

  const login = await fetch(`${server}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: adminEmail, password }),
  });
  expect((await login.json()).success).toBe(true);
});

test('a user an admin suspended is refused at sign-in with the reason, and no token is kept', async ({
  page,
}) => {
  const account = await verifiedAccount('Suspended User');
  const admin = await newAdmin();
  await apiCall('PATCH', `/api/admin/users/${account.userId}`, {
    token: await adminToken(admin.email, admin.password),
    body: { suspended: true },
  });

  await page.goto('/session/sign-in');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alertdialog', { name: 'Permission Denied' });
  await expect(alert).toContainText('Your account has been suspended. Contact the administrator.');
  await alert.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL(/\/home$/);
  expect(await tokenCookie(page)).toBeUndefined();
});
