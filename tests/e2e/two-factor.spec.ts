// Two-factor sign-in in Chromium against the real server: a user turns it on in the settings (the key read
// from the page, the codes computed here as an authenticator app would), signs out, signs in with a code,
// signs out, signs in with a recovery code, and sees one recovery code fewer.
import { readFile } from 'node:fs/promises';
import type { RecoveryCodesAnswer, TwoFactorSetupAnswer, TwoFactorStatusAnswer } from '@footfall/contract';
import type { Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  adminToken,
  apiCall,
  captureScreens,
  expect,
  expectAccessible,
  newAdmin,
  signIn,
  signOut,
  test,
  tokenCookie,
  verifiedAccount,
} from './support/dashboard';

const STEP_MS = 30_000;

/**
 * A code as an authenticator app would show it, for a step after `lastStep` (the one the server last took:
 * it takes each step's code once). The code of the step after the current one is accepted (the server
 * allows a step either side), so it waits only when even that one is used, until the next step begins.
 */
async function codeAfter(secret: string, lastStep: number): Promise<{ code: string; step: number }> {
  let step = Math.floor(Date.now() / STEP_MS) + 1;
  if (step <= lastStep) {
    await new Promise((resolve) => setTimeout(resolve, lastStep * STEP_MS - Date.now() + 100));
    step = Math.floor(Date.now() / STEP_MS) + 1;
  }
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
  return { code, step };
}

async function passwordStep(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/session/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
}

test('a user turns on two-factor sign-in, then signs in with a code and with a recovery code', async ({
  page,
}, testInfo) => {
  // Many screens, each photographed at two widths, three sign-ins and perhaps a wait for a new code.
  test.setTimeout(180_000);
  const account = await verifiedAccount('Two Factor Owner');
  await signIn(page, account.email, account.password);

  // Off, then on: the password, the QR code and the key, the first code.
  await page.goto('/account/security');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText(/^Off\./)).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await captureScreens(page, testInfo, 'two-factor-off');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await section.getByLabel('Password', { exact: true }).fill(account.password);
  await captureScreens(page, testInfo, 'two-factor-password');
  await section.getByRole('button', { name: 'Continue' }).click();

  const qr = section.getByRole('img', { name: 'QR code holding your two-factor secret' });
  await expect(qr).toBeVisible();
  expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  const secret = ((await section.locator('code.totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'two-factor-enrol');

  await section.getByLabel('Code from the app').fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(section.getByText(/That code is not right/)).toBeVisible();
  const first = await codeAfter(secret, 0);
  await section.getByLabel('Code from the app').fill(first.code);
  await section.getByRole('button', { name: 'Turn on' }).click();

  // The recovery codes, shown once: copy, download, and say they are saved.
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCodes = await codes.allTextContents();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}-[a-z2-7]{4}-[a-z2-7]{2}$/);
  const download = page.waitForEvent('download');
  await section.getByRole('link', { name: 'Download .txt' }).click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe('footfall-recovery-codes.txt');
  const file = await readFile(await saved.path(), 'utf8');
  for (const code of recoveryCodes) expect(file).toContain(code);
  await expect(section.getByRole('button', { name: 'I have saved them' })).toBeDisabled();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'two-factor-codes');
  await section.getByLabel('I have saved my recovery codes').check();
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off' })).toBeVisible();
  await captureScreens(page, testInfo, 'two-factor-on');

  // Signed out, the password alone is not enough: the code of the app finishes the sign-in.
  await signOut(page);
  await passwordStep(page, account.email, account.password);
  const codeField = page.getByLabel('Authentication code');
  await expect(codeField).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeField).toHaveAttribute('inputmode', 'numeric');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'two-factor-sign-in');
  await codeField.fill('123');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'two-factor-sign-in-wrong');
  await codeField.fill((await codeAfter(secret, first.step)).code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL(/\/(dashboard\/\d+|sites\/\d+\/setup|sites)$/);

  // And with a recovery code, typed in capitals, instead.
  await signOut(page);
  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  const recoveryField = page.getByLabel('Recovery code');
  await expect(recoveryField)
    .toBeFocused({ timeout: 1 })
    .catch(() => undefined);
  await recoveryField.fill((recoveryCodes[0] ?? '').toUpperCase());
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'two-factor-sign-in-recovery');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await page.waitForURL(/\/(dashboard\/\d+|sites\/\d+\/setup|sites)$/);

  // One code fewer, on the screen and at the server; the same code does not work twice.
  await page.goto('/account/security');
  await expect(section.getByText('9 recovery codes left.')).toBeVisible();
  const token = decodeURIComponent((await tokenCookie(page))?.value ?? '');
  const status = await apiCall<TwoFactorStatusAnswer>('GET', '/api/user/two-factor', { token });
  expect(status.data).toMatchObject({ enabled: true, recovery_codes_left: 9 });
  await signOut(page);
  await passwordStep(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a recovery code' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0] ?? '');
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page.getByText(/already been used/)).toBeVisible();
});

test('an admin with two-factor sign-in gives the code after the password, and sees it on in their account', async ({
  page,
}, testInfo) => {
  const admin = await newAdmin();
  const token = await adminToken(admin.email, admin.password);
  const setup = await apiCall<TwoFactorSetupAnswer>('POST', '/api/admin/two-factor/setup', {
    token,
    body: { password: admin.password },
  });
  const { secret } = setup.data;
  // Enrolled with the code of the step now, so that the next step's code is free for the sign-in.
  const step = Math.floor(Date.now() / STEP_MS);
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: step * STEP_MS });
  await apiCall<RecoveryCodesAnswer>('POST', '/api/admin/two-factor/enable', { token, body: { code } });

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'admin-two-factor-sign-in');
  await page.getByLabel('Authentication code').fill((await codeAfter(secret, step)).code);
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);

  await page
    .getByRole('navigation', { name: 'Admin sections' })
    .getByRole('link', { name: 'Your account' })
    .click();
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'admin-two-factor-account');
});

test("an admin who must use two-factor sign-in sets it up while signing in (the server's answers stubbed)", async ({
  page,
}, testInfo) => {
  // The e2e server does not require two-factor sign-in of admins (ADMIN_REQUIRE_TWO_FACTOR, proven at server
  // level): its answers are stubbed here, with a real enrolment and a real admin token, to drive the screen.
  const admin = await newAdmin();
  const token = await adminToken(admin.email, admin.password);
  const { data: enrolment } = await apiCall<TwoFactorSetupAnswer>('POST', '/api/admin/two-factor/setup', {
    token,
    body: { password: admin.password },
  });
  const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-${'abcdefghij'[i]}2`);
  const expiresAt = new Date(Date.now() + 15 * 60_000).toISOString();
  await page.route('**/api/admin/login', (route) =>
    route.fulfill({
      json: {
        success: false,
        message: 'Administrators must use two-factor sign-in. Set it up to finish signing in.',
        data: { status: 'two_factor_setup_required', challenge: 'stubbed', expires_at: expiresAt },
      },
    }),
  );
  await page.route('**/api/admin/login/two-factor/setup', (route) =>
    route.fulfill({ json: { data: enrolment } }),
  );
  await page.route('**/api/admin/login/two-factor/enable', (route) =>
    route.fulfill({
      json: {
        success: true,
        message: 'Signed in.',
        data: {
          token,
          token_type: 'Bearer',
          expires_at: expiresAt,
          user: { id: 1, name: 'Admin', email: admin.email, role: 'admin' },
          recovery_codes: recoveryCodes,
        },
      },
    }),
  );

  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
  await expect(
    page.getByText('Administrators must use two-factor sign-in. Set it up to finish signing in.'),
  ).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR code holding your two-factor secret' })).toBeVisible();
  await expect(page.locator('code.totp-secret')).toHaveText(enrolment.secret.match(/.{4}/g)?.join(' ') ?? '');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'admin-two-factor-setup');
  await page.getByLabel('Code from the app').fill('123456');
  await page.getByRole('button', { name: 'Turn on and sign in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'admin-two-factor-setup-codes');
  await page.getByLabel('I have saved my recovery codes').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
});
