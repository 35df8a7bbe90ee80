// Where an account is signed in, in Chromium against the real server: two browsers signed in to one account,
// the profile lists both with this one marked, signs the other out, and that browser is signed out at its next
// request.
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

test('the profile lists the browsers signed in, signs another out, and that browser is signed out', async ({
  page,
  browser,
}, testInfo) => {
  const account = await verifiedAccount('Sessions Owner');
  const other = await browser.newContext({ baseURL: readEnvironment().server });
  try {
    const elsewhere = await other.newPage();
    await signIn(elsewhere, account.email, account.password);
    await signIn(page, account.email, account.password);
    const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);

    await page.goto('/account/sessions');
    const section = page.getByRole('region', { name: "Where you're signed in" });
    const list = section.getByRole('list', { name: 'Sessions' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(list.getByRole('listitem').filter({ hasText: 'This browser' })).toHaveCount(1);
    await expect(list.getByRole('listitem').first()).toContainText('Chrome on');
    await expectAccessible(page);
    await captureScreens(page, testInfo, 'sessions');

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
