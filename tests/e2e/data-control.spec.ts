// The settings' Data section in Chromium against the real server (docs/api.md "Data control"): the owner
// shortens the site's retention, downloads every event as NDJSON and reads its lines, and deletes three days
// after seeing how much that removes, which leaves those days of the chart empty.
import type { AnalyticsDetail, CompanyAnswer } from '@footfall/contract';
import {
  apiAnalytics,
  apiCall,
  apiToken,
  captureScreens,
  downloadFrom,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';
import { firstSiteOf, joinTeam, statusOf } from './support/team';

const DAY = 86_400_000;
const SITE = 'https://data-control.example';

/** The UTC date (the site's zone) `daysAgo` days before now. */
const dateOf = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY).toISOString().slice(0, 10);

/** Three pageviews of one visitor at noon of each of the last ten days. */
async function importTenDays(token: string, companyId: number): Promise<number> {
  const lines: string[] = [];
  for (let daysAgo = 10; daysAgo >= 1; daysAgo -= 1) {
    for (const [minute, path] of [
      [0, '/'],
      [1, '/pricing'],
      [2, '/signup'],
    ] as const) {
      lines.push(
        JSON.stringify({
          timestamp: `${dateOf(daysAgo)}T12:0${minute}:00.000Z`,
          visitor: `visitor-${daysAgo}`,
          type: 'pageview',
          url: `${SITE}${path}`,
          country: 'FR',
        }),
      );
    }
  }
  const answer = await fetch(`${readEnvironment().server}/api/companies/${companyId}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
    body: lines.join('\n'),
  });
  expect(answer.status).toBe(200);
  return lines.length;
}

const visitorsOn = (detail: AnalyticsDetail, date: string) =>
  detail.timeseries.find((point) => point.date === date)?.visitors;

test('the owner sets the retention, downloads every event and deletes three days', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Data Owner');
  const token = await apiToken(account.email, account.password);
  const companies = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', { token });
  const companyId = companies.data[0]?.id as number;
  const stored = await importTenDays(token, companyId);
  await signIn(page, account.email, account.password);

  await page.goto(`/user-profile/${companyId}/data`);
  const section = page.getByRole('region', { name: 'Data', exact: true });
  await expect(section).toBeVisible();

  // Retention: the plan's year, or less.
  const keep = section.getByLabel('Keep events for');
  await expect(keep).toHaveValue('');
  await expect(section.getByText('Your plan keeps events for 1 year.', { exact: false })).toBeVisible();
  await keep.selectOption({ label: '180 days' });
  await section.getByRole('button', { name: 'Save retention' }).click();
  await expect(section.getByText('Retention saved.')).toBeVisible();
  const company = await apiCall<CompanyAnswer>('GET', `/api/companies/${companyId}`, { token });
  expect(company.data).toMatchObject({ retention_days: 180, plan_retention_days: 365 });

  // The export: one line per stored event, in the import's fields.
  const { file, download } = await downloadFrom(page, 'Download all data (NDJSON)');
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^site-${companyId}-\\d{4}-\\d\\d-\\d\\d\\.ndjson$`),
  );
  const lines = file
    .toString('utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toHaveLength(stored);
  expect(lines[0]).toMatchObject({
    timestamp: `${dateOf(10)}T12:00:00.000Z`,
    type: 'pageview',
    url: `${SITE}/`,
    country: 'FR',
    source: 'Direct / None',
    device: 'desktop',
    visit: 1,
  });
  expect(new Set(lines.map((line) => line.visit)).size).toBe(10);

  // Deleting days 5 to 3 ago: counted first, then confirmed.
  const before = await apiAnalytics(token, companyId, { period: '30d' });
  expect(visitorsOn(before, dateOf(4))).toBe(1);
  await section.getByLabel('From').fill(dateOf(5));
  await section.getByLabel('To').fill(dateOf(3));
  await section.getByRole('button', { name: 'Count what this deletes' }).click();
  await expect(
    section.getByText(`This deletes 9 events and 3 visits from ${dateOf(5)} to ${dateOf(3)}.`),
  ).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'data-control');
  // The section itself, close up, at both widths.
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await section.screenshot({ path: testInfo.outputPath(`data-section-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await section.getByRole('button', { name: 'Delete 9 events' }).click();
  await expect(section.getByText('Deleted 9 events and 3 visits.')).toBeVisible();

  // The chart's days are empty now, their neighbours untouched.
  const after = await apiAnalytics(token, companyId, { period: '30d' });
  for (const daysAgo of [5, 4, 3]) expect(visitorsOn(after, dateOf(daysAgo))).toBe(0);
  for (const daysAgo of [6, 2]) expect(visitorsOn(after, dateOf(daysAgo))).toBe(1);
  expect(after.summary.visitors).toBe(7);
  await page.goto(`/dashboard/${companyId}?period=30d`);
  await expect(page.getByRole('list', { name: 'Summary' })).toContainText('7');
  await captureScreens(page, testInfo, 'data-control-dashboard');
});

test('an admin downloads but may not delete days; a viewer sees no Data section', async ({ page }) => {
  const owner = await verifiedAccount('Data Team Owner');
  const { companyId, token } = await firstSiteOf(owner);
  await importTenDays(token, companyId);
  const admin = await verifiedAccount('Data Admin');
  const adminToken = await joinTeam(token, companyId, admin, 'admin');
  const viewer = await verifiedAccount('Data Viewer');
  await joinTeam(token, companyId, viewer, 'viewer');

  await signIn(page, admin.email, admin.password);
  await page.goto(`/user-profile/${companyId}/data`);
  const section = page.getByRole('region', { name: 'Data', exact: true });
  await expect(section.getByRole('button', { name: 'Download all data (NDJSON)' })).toBeVisible();
  await expect(section.getByRole('heading', { name: 'Delete data of some days' })).toHaveCount(0);
  // The server refuses an admin's deletion whatever a screen shows.
  expect(
    await statusOf(
      'DELETE',
      `/api/companies/${companyId}/data?from=${dateOf(3)}&to=${dateOf(2)}`,
      adminToken,
    ),
  ).toBe(403);

  await page.context().clearCookies();
  await signIn(page, viewer.email, viewer.password);
  await page.goto(`/user-profile/${companyId}`);
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Data', exact: true })).toHaveCount(0);
  // A viewer's settings have no Data section: its address shows what they do have.
  await page.goto(`/user-profile/${companyId}/data`);
  await expect(page.getByRole('heading', { name: 'Team', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Data', exact: true })).toHaveCount(0);
});
