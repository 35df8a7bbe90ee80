// Single sign-on in Chromium against the real server and the in-process OpenID provider the set-up started:
// the sign-in screen offers the provider, its own page signs the person in, and the dashboard opens signed in
// as the provider's account (created at this first sign-in); an address the provider has not verified comes
// back to the sign-in screen with a sentence saying what to do.
import type { User } from '@footfall/contract';
import { apiCall, captureScreens, expect, expectAccessible, test, tokenCookie } from './support/dashboard';
import { readEnvironment } from './support/environment';
import { OIDC_DISPLAY_NAME, SSO_ACCOUNT, UNVERIFIED_SSO_ACCOUNT } from './support/oidc';

const DAY_SECONDS = 24 * 60 * 60;
const BUTTON = `Sign in with ${OIDC_DISPLAY_NAME}`;

test('signing in through the OpenID provider lands on /home signed in as its account', async ({
  page,
}, testInfo) => {
  const { oidcIssuer } = readEnvironment();
  await page.goto('/session/sign-in');
  const button = page.getByRole('link', { name: BUTTON });
  await expect(button).toBeVisible();
  await expect(page.getByText('or', { exact: true })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'sign-in-with-provider');

  // "Remember me" travels through the provider's pages.
  await page.getByLabel('Remember me for a year').check();
  await button.click();
  await expect(page).toHaveURL(new RegExp(`^${oidcIssuer}/interaction/`));
  await page.getByLabel('E-mail address').fill(SSO_ACCOUNT.email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('button', { name: `Sign out ${SSO_ACCOUNT.name}` })).toBeVisible();
  const cookie = await tokenCookie(page);
  expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', httpOnly: false });
  const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_SECONDS;
  expect(days).toBeGreaterThan(364.9);
  const user = await apiCall<User>('GET', '/api/user', { token: cookie?.value ?? '' });
  expect(user).toMatchObject({ email: SSO_ACCOUNT.email, name: SSO_ACCOUNT.name });
  expect(user.email_verified_at).not.toBeNull();
  expect(user.companies).toEqual([expect.objectContaining({ role: 'owner' })]);
});

test('an address the provider has not verified is refused with what to do', async ({ page }, testInfo) => {
  await page.goto('/session/sign-in');
  await page.getByRole('link', { name: BUTTON }).click();
  await page.getByLabel('E-mail address').fill(UNVERIFIED_SSO_ACCOUNT.email);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/session\/sign-in\?sso_error=email_unverified$/);
  await expect(page.getByRole('alert')).toHaveText(
    'Your e-mail address is not verified at your identity provider. Verify it there, then sign in again.',
  );
  expect(await tokenCookie(page)).toBeUndefined();
  // The password form and the provider's button are still there, to try again either way.
  await expect(page.getByLabel('Email')).toBeVisible();
  await expect(page.getByRole('link', { name: BUTTON })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'sign-in-provider-error');
});

test('the sign-up screen offers the provider too', async ({ page }, testInfo) => {
  await page.goto('/session/sign-up');
  await expect(page.getByRole('link', { name: `Sign up with ${OIDC_DISPLAY_NAME}` })).toHaveAttribute(
    'href',
    '/api/auth/oidc/start?remember=false',
  );
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'sign-up-with-provider');
});
