// Every public and session screen scanned with axe-core (no serious or critical violation) and photographed
// at 1280 and 375 px into the test output. The company screens are scanned by their own specs.
import { captureScreens, expect, expectAccessible, test } from './support/dashboard';

const SCREENS = [
  { name: 'home', path: '/home', heading: 'Footfall' },
  { name: 'not-found', path: '/no-such-page', heading: 'Page not found' },
  { name: 'sign-up', path: '/session/sign-up', heading: 'Create your account' },
  { name: 'sign-in', path: '/session/sign-in', heading: 'Sign in' },
  { name: 'sign-in-verified', path: '/session/sign-in/3', heading: 'Sign in' },
  { name: 'forgot-password', path: '/session/forgot-password', heading: 'Reset your password' },
  {
    name: 'reset-password',
    path: '/password/reset?token=abc&email=ada%40example.com',
    heading: 'Choose a new password',
  },
  { name: 'reset-password-incomplete', path: '/password/reset', heading: 'Reset link incomplete' },
  { name: 'verify-email', path: '/email/verify', heading: 'Verify your email' },
  {
    name: 'verify-email-bad-link',
    path: '/email/verify/3?expires=1&signature=00',
    heading: 'This link did not work',
  },
];

for (const screen of SCREENS) {
  test(`the ${screen.name} screen has no serious accessibility problem, at 1280 and 375 px`, async ({
    page,
  }, testInfo) => {
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.heading })).toBeVisible();
    // The marketing pages speak to visitors, not to the server's operator.
    await expect(page.getByText(/Server online|Checking server/)).toHaveCount(0);
    await expectAccessible(page);
    await captureScreens(page, testInfo, screen.name);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
  });
}

test('the dark theme keeps the screens readable', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/session/sign-in');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'sign-in-dark');
  await page.goto('/home');
  await page.getByRole('button', { name: /Dark theme|System theme|Light theme/ }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await expectAccessible(page);
});
