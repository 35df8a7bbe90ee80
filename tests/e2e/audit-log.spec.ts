// The audit log in Chromium against the real server: changes made by the owner and an admin (with long
// names), read on the site's Audit log tab as sentences, filtered by kind of change, member and days, paged
// with "Load more", refused to a viewer, the account's own changes in its settings, and the whole log read
// in the admin area with a company filter.
import type { AuditLogAnswer } from '@footfall/contract';
import { actAsAdmin } from './support/admin';
import {
  apiCall,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { LONG } from './support/mobile';
import { firstSiteOf, joinTeam, statusOf } from './support/team';

const LONG_GOAL = 'Completed the enterprise annual subscription checkout with priority support';

test('owners read their site’s changes as sentences, filter them, load older ones, and admins read every company’s', async ({
  page,
}, testInfo) => {
  // Sixty changes made through the API, then three screens at two widths.
  test.setTimeout(120_000);
  const owner = await verifiedAccount(LONG.person);
  const { companyId, token } = await firstSiteOf(owner);
  const colleague = await verifiedAccount('Bo Admin');
  const colleagueToken = await joinTeam(token, companyId, colleague, 'admin');
  const viewer = await verifiedAccount('Vi Viewer');
  const viewerToken = await joinTeam(token, companyId, viewer, 'viewer');

  // A few changes, by the owner and by the admin.
  await apiCall('PATCH', `/api/companies/${companyId}`, { token, body: { name: LONG.company } });
  await apiCall('PATCH', `/api/companies/${companyId}`, { token, body: { timezone: 'Europe/Paris' } });
  await apiCall('POST', `/api/companies/${companyId}/goals`, {
    token: colleagueToken,
    body: { name: LONG_GOAL, event_name: LONG.event },
  });
  await apiCall('POST', `/api/companies/${companyId}/api-keys`, { token, body: { name: 'Reporting' } });
  // Enough notes that the log has an older page.
  for (let day = 1; day <= 50; day += 1) {
    await apiCall('POST', `/api/companies/${companyId}/annotations`, {
      token,
      body: { date: `2026-01-${String((day % 28) + 1).padStart(2, '0')}`, text: `Note ${day}` },
    });
  }

  await signIn(page, owner.email, owner.password);
  await page
    .getByRole('navigation', { name: 'Company sections' })
    .getByRole('link', { name: 'Audit log' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/audit-log/${companyId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Changes, newest first' });
  await expect(table.getByRole('row')).toHaveCount(51);
  await expect(table).toContainText('Added the note “Note 50”.');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'audit-log');

  // Older entries: the first changes, with their sentences, who made them and the address.
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(table.getByRole('row')).toHaveCount(60);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(table).toContainText('Changed the time zone from UTC to Europe/Paris.');
  await expect(table).toContainText(`Changed the name from ${LONG.person}'s site to ${LONG.company}.`);
  await expect(table).toContainText('Created the API key “Reporting”.');
  await expect(table).toContainText('Joined the team as an admin.');
  await expect(table.getByRole('row').filter({ hasText: 'time zone' })).toContainText('127.0.0.0');
  await expect(page.getByText(/That is every change of the last year/)).toBeVisible();

  // Filters: a kind of change.
  await page.getByLabel('Kind of change').selectOption({ label: 'Goals' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=goal\./);
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table).toContainText(`Created the goal “${LONG_GOAL}”.`);
  await expect(table).toContainText('Bo Admin');
  await captureScreens(page, testInfo, 'audit-log-filtered');

  // A member, and days that hold nothing.
  await page.getByLabel('Kind of change').selectOption({ label: 'All changes' });
  await page.getByLabel('Member').selectOption({ label: 'Bo Admin' });
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(3);
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No change matches these filters.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(table.getByRole('row')).toHaveCount(51);

  // The account's own changes are in its settings.
  await apiCall('PATCH', '/api/user', { token, body: { name: `${LONG.person} Junior` } });
  await page.goto('/account/sessions');
  const activity = page.getByRole('region', { name: 'Recent account activity' });
  await expect(activity.getByRole('list', { name: 'Account activity' })).toContainText(
    `Changed your name from ${LONG.person} to ${LONG.person} Junior.`,
  );
  await activity.scrollIntoViewIfNeeded();
  await page.setViewportSize({ width: 375, height: 800 });
  await activity.screenshot({ path: testInfo.outputPath('account-activity-375.png') });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A viewer has no tab, and the server refuses them.
  expect(await statusOf('GET', `/api/companies/${companyId}/audit-log`, viewerToken)).toBe(403);

  // The admin area: every company's changes and the accounts', one company when chosen.
  await page.context().clearCookies();
  await actAsAdmin(page);
  await page.goto('/admin/audit-log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const all = page.getByRole('table', { name: 'Changes, newest first' });
  await expect(all.getByRole('row').nth(1)).toBeVisible();
  await page.getByLabel('Company', { exact: true }).fill('Extraordinarily Long-Named');
  await page
    .getByRole('button', { name: new RegExp(`Show the changes of ${LONG.company}`) })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`company_id=${companyId}`));
  await expect(page.getByText(LONG.company).first()).toBeVisible();
  await expect(all.getByRole('row')).toHaveCount(51);
  await expect(all.getByRole('row').nth(1)).toContainText(LONG.company);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'admin-audit-log');

  // What the screen shows is what the server answers.
  const answer = await apiCall<AuditLogAnswer>('GET', `/api/companies/${companyId}/audit-log?action=goal.`, {
    token,
  });
  expect(answer.data.map((entry) => entry.target?.label)).toEqual([LONG_GOAL]);
});
