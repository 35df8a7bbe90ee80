// Where an account is signed in, in Chromium against the real server: two browsers signed in to one account,
// the profile lists both with this one marked and where each was (country and masked network, and where the
// other signed in, since it moved), signs the other out, and that browser is signed out at its next request.
// The server trusts the set-up's `X-Forwarded-For` (global-setup.ts), which puts each browser somewhere.
import type { AccountSessionListAnswer } from '@footfall/contract';
import {
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';

/** Public addresses the server's country data places: a phone in Germany on IPv6, then in the US; this one in the UK. */
const GERMANY_IPV6 = '2a01:4f8:c17:1::1';
const UNITED_STATES = '8.8.8.8';
const UNITED_KINGDOM = '81.2.69.160';

test('the profile lists the browsers signed in, signs another out, and that browser is signed out', async ({
  page,
  browser,
}, testInfo) => {
  const account = await verifiedAccount('Sessions Owner');
  const other = await browser.newContext({
    baseURL: readEnvironment().server,
    extraHTTPHeaders: { 'x-forwarded-for': GERMANY_IPV6 },
  });
  try {
    const elsewhere = await other.newPage();
    await signIn(elsewhere, account.email, account.password);
    // The other browser moves on, and is used from another network.
    await other.setExtraHTTPHeaders({ 'x-forwarded-for': UNITED_STATES });
    await elsewhere.reload();
    await expect(elsewhere.getByRole('list', { name: 'Summary' })).toBeVisible();
    await page.context().setExtraHTTPHeaders({ 'x-forwarded-for': UNITED_KINGDOM });
    await signIn(page, account.email, account.password);

    await page.goto('/account/sessions');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    const list = section.getByRole('list', { name: 'Sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const mine = list.getByRole('listitem').filter({ hasText: 'This browser' });
    await expect(mine).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('Chrome on');
    // Each where it was last used, its network masked ("IP" bound to it by a no-break space); this one signed
    // in where it is.
    await expect(mine).toContainText(/United Kingdom, IP\s81\.2\.69\.x · Active now · signed in /);
    const moved = list.getByRole('listitem').filter({ hasNotText: 'This browser' });
    await expect(moved).toContainText(/United States, IP\s8\.8\.8\.x · Last active /);
    await expect(moved).toContainText(/Signed in .+ from Germany, IP\s2a01:4f8:c17:…/);
    await expect(section).not.toContainText(UNITED_KINGDOM);
    await expectAccessible(page);
    await captureScreens(page, testInfo, 'sessions');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of [1280, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await section.screenshot({ path: testInfo.outputPath(`sessions-card-${scheme}-${width}.png`) });
      }
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1280, height: 800 });

    const theirs = list.getByRole('listitem').filter({ hasNotText: 'This browser' });
    await theirs.getByRole('button', { name: /^Revoke the session of Chrome on / }).click();
    await page
      .getByRole('alertdialog', { name: 'Revoke this session?' })
      .getByRole('button', { name: 'Ok' })
      .click();
    await expect(section.getByText('The session was revoked.')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);

    // The other browser, still on its dashboard, finds out at its next request: "Session expired", then
    // signed out.
    await elsewhere.getByLabel('Period', { exact: true }).selectOption('7d');
    await expect(elsewhere.getByRole('alertdialog', { name: 'Session expired' })).toBeVisible();
    await elsewhere
      .getByRole('alertdialog', { name: 'Session expired' })
      .getByRole('button', { name: 'Ok' })
      .click();
    await expect(elsewhere).toHaveURL(/\/home$/);
    // Opened afresh, it stays signed out.
    await elsewhere.goto('/account/sessions');
    await expect(elsewhere).toHaveURL(/\/home$/);

    // The server agrees: one live session, this one.
    const token = await apiToken(account.email, account.password);
    const left = await apiCall<AccountSessionListAnswer>('GET', '/api/user/sessions', { token });
    expect(left.data.map((session) => session.current)).toEqual([true, false]);
  } finally {
    await other.close();
  }
});
