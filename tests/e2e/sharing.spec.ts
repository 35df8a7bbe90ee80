// Shared links (docs/api.md "Shared links") in Chromium against the real server: a password-protected link
// made in the settings, opened in a fresh browser with its password, read-only with its period and filters
// working, refused the moment it is revoked; an embedded link in another site's iframe; and the settings'
// list of links with long names at both widths.
import type { SharedLink, SharedLinkAnswer } from '@footfall/contract';
import type { Page } from '@playwright/test';
import {
  apiAnalytics,
  apiCall,
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  signInAsDemo,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';

const PASSWORD = 'board-secret-2026';

function card(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label }).locator('.summary-value');
}

async function demoToken(): Promise<string> {
  const { demoEmail, demoPassword } = readEnvironment();
  return apiToken(demoEmail, demoPassword);
}

async function createLink(
  token: string,
  companyId: number,
  body: Record<string, unknown>,
): Promise<SharedLink> {
  const answer = await apiCall<SharedLinkAnswer>('POST', `/api/companies/${companyId}/shared-links`, {
    token,
    body,
  });
  return answer.data;
}

async function revokeLink(token: string, companyId: number, link: SharedLink): Promise<void> {
  await apiCall('DELETE', `/api/companies/${companyId}/shared-links/${link.id}`, { token });
}

/** Links into the signed-in screens, which a shared page must not have. */
const SIGNED_IN_LINKS =
  'a[href*="/user-profile"], a[href*="/dashboard/"], a[href*="/sites"], a[href*="/test-site"], a[href*="/api-count-report"], a[href*="/user-plans"]';

test('a password-protected link opens the dashboard read-only in a fresh browser, and is refused once revoked', async ({
  page,
  newVisitor,
}, testInfo) => {
  test.setTimeout(120_000);
  const companyId = await signInAsDemo(page);
  const token = await demoToken();
  const detail = await apiAnalytics(token, companyId);
  const siteName = (
    await apiCall<{ data: { name: string } }>('GET', `/api/companies/${companyId}`, { token })
  ).data.name;

  await page.goto(`/user-profile/${companyId}/shared-links`);
  const section = page.getByRole('region', { name: 'Shared links' });
  await section.getByLabel('Link name').fill('Quarterly board');
  await section.getByLabel('Password (optional)').fill(PASSWORD);
  await section.getByRole('button', { name: 'Create link' }).click();
  const row = section.getByTestId('shared-link').filter({ hasText: 'Quarterly board' });
  await expect(row).toContainText('Password protected');
  await expect(row).toContainText('Never expires');
  const url = (await row.locator('.share-url').textContent()) ?? '';
  expect(url).toMatch(new RegExp(`^${readEnvironment().server}/share/[A-Za-z0-9_-]{32}$`));

  // A fresh browser: no session, no cookie, only the link.
  const visitor = await newVisitor();
  const shared = await visitor.newPage();
  await shared.goto(url);
  await expect(shared.getByRole('heading', { name: `${siteName}'s dashboard` })).toBeVisible();
  await expectAccessible(shared);
  await captureScreens(shared, testInfo, 'shared-password');
  await shared.getByLabel('Password').fill('not the password');
  await shared.getByRole('button', { name: 'Open the dashboard' }).click();
  await expect(shared.getByText('The password is incorrect.')).toBeVisible();
  await shared.getByLabel('Password').fill(PASSWORD);
  await shared.getByRole('button', { name: 'Open the dashboard' }).click();

  await expect(shared.getByRole('heading', { level: 1, name: siteName })).toBeVisible();
  await expect(card(shared, 'Unique visitors')).toHaveAttribute(
    'title',
    detail.summary.visitors.toLocaleString('en-US'),
  );
  // Read-only: no segments, no goal management, no way into the signed-in screens.
  await expect(shared.getByRole('button', { name: /Segments/ })).toHaveCount(0);
  await expect(shared.getByRole('link', { name: 'Manage goals' })).toHaveCount(0);
  await expect(shared.locator(SIGNED_IN_LINKS)).toHaveCount(0);
  await expectAccessible(shared);
  await captureScreens(shared, testInfo, 'shared-dashboard');

  // The period and the filters work, in the URL.
  await shared.getByLabel('Period', { exact: true }).selectOption('7d');
  await expect(shared).toHaveURL(/[?&]period=7d(&|$)/);
  const week = await apiAnalytics(token, companyId, { period: '7d' });
  await expect(card(shared, 'Unique visitors')).toHaveAttribute(
    'title',
    week.summary.visitors.toLocaleString('en-US'),
  );
  const topPage = week.breakdowns.pages[0]?.value ?? '/';
  await shared
    .getByRole('region', { name: 'Pages' })
    .getByRole('button', { name: new RegExp(`^${topPage.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} `) })
    .first()
    .click();
  await expect(shared).toHaveURL(/[?&]page=/);
  await expect(shared.getByRole('region', { name: 'Filters' })).toContainText('Page is');

  // The detail, with the same period and filter, and the exports of what is on screen.
  await shared.getByRole('link', { name: 'Detail & exports' }).click();
  await expect(shared).toHaveURL(/\/share\/[^/]+\/detail\?.*period=7d/);
  await expect(shared.getByRole('region', { name: 'Export' })).toBeVisible();
  await expect(shared.getByRole('region', { name: 'Filters' })).toContainText('Page is');
  await expect(shared.locator(SIGNED_IN_LINKS)).toHaveCount(0);
  await expectAccessible(shared);
  await captureScreens(shared, testInfo, 'shared-detail');

  // The tab keeps the link open across a reload.
  await shared.reload();
  await expect(shared.getByRole('region', { name: 'Export' })).toBeVisible();

  // Revoked in the settings: the shared page is refused at its very next request.
  await row.getByRole('button', { name: 'Revoke Quarterly board' }).click();
  await page
    .getByRole('alertdialog', { name: 'Revoke this link?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(row).toHaveCount(0);
  await shared.getByLabel('Period', { exact: true }).selectOption('30d');
  await expect(shared.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await shared.reload();
  await expect(shared.getByRole('heading', { name: 'This link is no longer valid' })).toBeVisible();
  await expect(shared.getByText(siteName)).toHaveCount(0);
  await expectAccessible(shared);
  await captureScreens(shared, testInfo, 'shared-gone');
});

test("an embedded link, password and all, draws the dashboard without its frame in another site's iframe; other pages refuse to be framed", async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  const { demoCompanyId } = readEnvironment();
  const token = await demoToken();
  const link = await createLink(token, demoCompanyId, { name: 'Intranet', password: PASSWORD });
  try {
    const embedder = 'http://intranet.example/';
    await page.route(embedder, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="en"><title>Intranet</title><body style="margin:0">
          <h1 style="font:16px sans-serif">Our numbers</h1>
          <iframe id="shared" src="${link.url}?embed=true" title="Our analytics" style="width:100%;height:1400px;border:0"></iframe>
          <iframe id="home" src="${readEnvironment().server}/home" title="Home" style="width:100%;height:100px;border:0"></iframe>
        </body></html>`,
      }),
    );
    await page.goto(embedder);
    const frame = page.frameLocator('#shared');
    // The password works inside another site's frame too, where the browser keeps this site's cookies out.
    await frame.getByLabel('Password').fill(PASSWORD);
    await frame.getByRole('button', { name: 'Open the dashboard' }).click();
    await expect(frame.getByRole('list', { name: 'Summary' })).toBeVisible();
    // No header, no footer: the dashboard alone.
    await expect(frame.getByRole('banner')).toHaveCount(0);
    await expect(frame.getByRole('contentinfo')).toHaveCount(0);
    await expect(frame.locator(SIGNED_IN_LINKS)).toHaveCount(0);

    // Moving inside the frame keeps it embedded.
    await frame.getByRole('link', { name: 'Detail & exports' }).click();
    await expect(frame.getByRole('region', { name: 'Export' })).toBeVisible();
    await frame.getByLabel('Period', { exact: true }).selectOption('7d');
    const inner = page.frames().find((candidate) => candidate.url().includes('/share/'));
    await expect.poll(() => inner?.url()).toMatch(/\/detail\?.*embed=true/);
    await expect.poll(() => inner?.url()).toMatch(/period=7d/);
    await expect(frame.getByRole('banner')).toHaveCount(0);

    // Any other page of the dashboard refuses to be framed by another site.
    const home = await (await page.locator('#home').elementHandle())?.contentFrame();
    await expect.poll(() => home?.url()).toMatch(/^chrome-error:/);
    expect(await home?.locator('#root').count()).toBe(0);

    // The embedded view on its own, as the frame draws it, at both widths (a full-page shot leaves another
    // origin's frame blank).
    await page.goto(`${link.url}?embed=true`);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Open the dashboard' }).click();
    await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, testInfo, 'shared-embedded');
  } finally {
    await revokeLink(token, demoCompanyId, link);
  }
});

test('the settings list shared links with long names, their password, expiry and embed snippet, at both widths', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Sharing Settings');
  const token = await apiToken(account.email, account.password);
  const companies = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', { token });
  const companyId = companies.data[0]?.id as number;
  const longName =
    `Board of directors and every regional office manager ${'quarterly '.repeat(5)}review`.slice(0, 120);
  await createLink(token, companyId, {
    name: longName,
    password: PASSWORD,
    expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  await createLink(token, companyId, { name: 'Investors' });

  await signIn(page, account.email, account.password);
  await page.goto(`/user-profile/${companyId}/shared-links`);
  const section = page.getByRole('region', { name: 'Shared links' });
  const rows = section.getByTestId('shared-link');
  await expect(rows).toHaveCount(2);
  // Newest first.
  await expect(rows.first()).toContainText('Investors');
  await expect(rows.nth(1)).toContainText(longName);
  await expect(rows.nth(1)).toContainText('Password protected');
  await expect(rows.nth(1)).toContainText('Expires');
  await rows.nth(1).getByText('Embed in a page').click();
  await expect(rows.nth(1).locator('code').nth(1)).toContainText('?embed=true');

  // An expiry day chosen in the form becomes the end of that day.
  await section.getByLabel('Link name').fill('Until the launch');
  await section.getByLabel('Expires after (optional)').fill('2099-12-31');
  await section.getByRole('button', { name: 'Create link' }).click();
  await expect(rows.first()).toContainText('Until the launch');
  await expect(rows.first()).toContainText('Expires 31 Dec 2099');
  await expect(rows.first()).toContainText('No password');

  await section.scrollIntoViewIfNeeded();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'shared-links-settings');
});

test('an open shared dashboard says its link no longer works at its next background refresh after a revocation', async ({
  page,
}) => {
  const { demoCompanyId } = readEnvironment();
  const token = await demoToken();
  const link = await createLink(token, demoCompanyId, { name: 'Wall screen' });
  await page.goto(link.url);
  await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
  await revokeLink(token, demoCompanyId, link);
  // Turning the comparison off and on fetches the previous period in the background, as the realtime
  // figure's refresh does every 30 seconds: either finds the link gone. A fetch already under way may find
  // it first and take the dashboard (and the checkbox) away, so the toggle is only tried while it is there.
  const gone = page.getByRole('heading', { name: 'This link is no longer valid' });
  const compare = page.getByLabel('Compare with previous period');
  await expect(async () => {
    if (await compare.isVisible()) {
      await compare.uncheck({ timeout: 2_000 });
      await compare.check({ timeout: 2_000 });
    }
    await expect(gone).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
});
