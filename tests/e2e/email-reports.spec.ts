// E-mail reports in Chromium against the real server: a member opts in on the settings screen, the report's
// HTML as a mail client would draw it (photographed at 1280 and 375 px), and the unsubscribe page, which works
// without signing in and unsubscribes only when its button is clicked.
import type { EmailReportPreviewAnswer, EmailReportSettingsAnswer } from '@footfall/contract';
import type { Page } from '@playwright/test';
import {
  type Account,
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

async function openSettings(page: Page, account: Account): Promise<number> {
  await signIn(page, account.email, account.password);
  const companyId = Number(/\/dashboard\/(\d+)$/.exec(page.url())?.[1]);
  await page.goto(`/user-profile/${companyId}/reports`);
  await expect(page.getByRole('heading', { name: 'Email reports' })).toBeVisible();
  return companyId;
}

function settingsOf(token: string, companyId: number) {
  return apiCall<EmailReportSettingsAnswer>('GET', `/api/companies/${companyId}/email-reports`, { token });
}

function previewOf(token: string, companyId: number, kind: 'weekly' | 'monthly') {
  return apiCall<EmailReportPreviewAnswer>(
    'GET',
    `/api/companies/${companyId}/email-reports/preview?kind=${kind}`,
    { token },
  );
}

test('a member opts in to weekly reports on the settings screen, and the API shows it', async ({
  page,
}, testInfo) => {
  const account = await verifiedAccount('Report Reader');
  const companyId = await openSettings(page, account);
  const section = page.locator('#email-reports');
  const weekly = section.getByRole('checkbox', { name: 'Weekly report' });
  await expect(weekly).not.toBeChecked();
  await weekly.check();
  await expect(section.getByRole('status')).toHaveText('Weekly reports are on: the first comes next Sunday.');
  const token = await apiToken(account.email, account.password);
  expect((await settingsOf(token, companyId)).data).toEqual({ weekly: true, monthly: false });

  await section.getByRole('checkbox', { name: 'Monthly report' }).check();
  await expect(section.getByRole('status')).toHaveText('Monthly reports are on: the first comes on the 1st.');
  await weekly.uncheck();
  await expect(section.getByRole('status')).toHaveText('Weekly reports are off.');
  expect((await settingsOf(token, companyId)).data).toEqual({ weekly: false, monthly: true });

  // After a reload the screen shows what the server kept.
  await page.reload();
  await expect(section.getByRole('checkbox', { name: 'Monthly report' })).toBeChecked();
  await expect(section.getByRole('checkbox', { name: 'Weekly report' })).not.toBeChecked();

  // Scanned before the preview: axe waits in vain for the sandboxed frame, where no script may run.
  await expectAccessible(page);
  await section.getByRole('button', { name: 'Preview the weekly report' }).click();
  const frame = section.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(/Report Reader's site|\./);
  await expect(frame.getByText('Open the dashboard')).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  await captureScreens(page, testInfo, 'settings-email-reports');
  // The whole page is long: the section, scrolled to the top of a phone's screen, to look at closely. (A
  // photograph of the element alone leaves the sandboxed frame blank in Chromium.)
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(frame.getByText('Open the dashboard')).toBeVisible();
  await section.evaluate((element) => element.scrollIntoView());
  await page.screenshot({
    path: testInfo.outputPath('email-reports-section-375.png'),
    // The sticky header would cover the section's top.
    style: '.site-header { visibility: hidden !important; }',
  });
  await page.setViewportSize({ width: 1280, height: 800 });
});

/** `YYYY-MM-DD` of the UTC day `days` after `date`. */
function dayAfter(date: Date, days: number): string {
  return new Date(date.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * A site (UTC) with two weeks of imported visits before this week and two goals: a report of it shows every
 * part, changes and goal conversions included.
 */
async function siteWithHistory(token: string): Promise<number> {
  const companies = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', { token });
  const companyId = companies.data[0]?.id ?? 0;
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
  // The first day of the last complete week: weeks run from Sunday to Saturday, as the charts' do.
  const lastSunday = new Date(today.getTime() - (today.getUTCDay() + 7) * 86_400_000);
  const pages = [
    '/',
    '/pricing',
    '/docs/getting-started',
    '/blog/a-very-long-article-title-about-privacy-friendly-analytics',
    '/signup',
  ];
  const sources = ['https://www.google.com/', 'https://news.ycombinator.com/', '', 'https://duckduckgo.com/'];
  const countries = ['DE', 'US', 'FR', 'NL', 'JP', 'BR'];
  const records: Record<string, unknown>[] = [];
  for (let visitor = 0; visitor < 60; visitor++) {
    // The week before holds fewer visits than the last complete week.
    const before = visitor % 3 === 0;
    const day = dayAfter(lastSunday, (visitor % 7) - (before ? 7 : 0));
    const path = pages[visitor % pages.length] as string;
    const base = {
      visitor: `visitor-${visitor}`,
      type: 'pageview',
      country: countries[visitor % countries.length],
      referrer: sources[visitor % sources.length] || undefined,
    };
    records.push({ ...base, timestamp: `${day}T09:00:00Z`, url: `https://reports.example${path}` });
    if (visitor % 2 === 0) {
      records.push({ ...base, timestamp: `${day}T09:02:00Z`, url: 'https://reports.example/signup' });
    }
  }
  const { server } = readEnvironment();
  const imported = await fetch(`${server}/api/companies/${companyId}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
    body: records.map((record) => JSON.stringify(record)).join('\n'),
  });
  expect(imported.status, await imported.text()).toBe(200);
  for (const goal of [
    { name: 'Visited sign-up', page_path: '/signup' },
    { name: 'Read the docs', page_path: '/docs/**' },
  ]) {
    await apiCall('POST', `/api/companies/${companyId}/goals`, { token, body: goal });
  }
  await apiCall('PATCH', `/api/companies/${companyId}`, {
    token,
    body: { website: 'https://reports.example' },
  });
  return companyId;
}

test('the report e-mail, drawn from its HTML, reads well at 1280 and 375 px', async ({ page }, testInfo) => {
  test.slow();
  const account = await verifiedAccount('Report Photographer');
  const token = await apiToken(account.email, account.password);
  const companyId = await siteWithHistory(token);
  const { demoEmail, demoPassword, demoCompanyId } = readEnvironment();
  const demoToken = await apiToken(demoEmail, demoPassword);
  const reports = [
    { kind: 'weekly', name: 'weekly-report-email', data: (await previewOf(token, companyId, 'weekly')).data },
    {
      kind: 'monthly',
      name: 'monthly-report-email',
      data: (await previewOf(demoToken, demoCompanyId, 'monthly')).data,
    },
  ] as const;
  expect(reports[0].data.subject).toMatch(/^Weekly report for reports\.example: 40 visitors \(\+100%\)$/);
  for (const { kind, name, data } of reports) {
    expect(data.subject).toMatch(
      new RegExp(`^${kind === 'weekly' ? 'Weekly' : 'Monthly'} report for .+: \\S+ visitors?`),
    );
    expect(data.html).not.toMatch(/<script|<img|<link|src=/i);
    // No request leaves the page: a mail client would block them, and the mail needs none.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.setContent(data.html);
    expect(requests).toEqual([]);
    await expect(page.getByText('Visitors', { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top pages' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top sources' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top countries' })).toBeVisible();
    await expect(page.getByRole('link', { name: `Unsubscribe from ${kind} reports` })).toBeVisible();
    await expectAccessible(page);
    await captureScreens(page, testInfo, name);
    page.removeAllListeners('request');
  }
  await expect(async () => {
    await page.setContent(reports[0].data.html);
    await expect(page.getByRole('heading', { name: 'Goal conversions' })).toBeVisible();
    await expect(page.getByText('Visited sign-up')).toBeVisible();
  }).toPass();
});

test('the unsubscribe page works without signing in, and only its button unsubscribes', async ({
  browser,
  baseURL,
}, testInfo) => {
  const account = await verifiedAccount('Leaving Reader');
  const token = await apiToken(account.email, account.password);
  const companies = await apiCall<{ data: { id: number }[] }>('GET', '/api/companies', { token });
  const companyId = companies.data[0]?.id ?? 0;
  await apiCall('PUT', `/api/companies/${companyId}/email-reports`, {
    token,
    body: { weekly: true, monthly: true },
  });
  const { data } = await previewOf(token, companyId, 'weekly');
  const link = /(\/email-reports\/unsubscribe\?token=\S+)/.exec(data.text)?.[1] ?? '';
  expect(link).not.toBe('');

  // A browser that never signed in here, as a mail reader's often is.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Email reports' })).toBeVisible();
  await expect(page.getByText("Stop the weekly report of Leaving Reader's site?")).toBeVisible();
  // Opening the link changed nothing.
  expect((await settingsOf(token, companyId)).data).toEqual({ weekly: true, monthly: true });
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'unsubscribe');

  await page.getByRole('button', { name: 'Unsubscribe', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText(
    "Done: you will no longer get the weekly report of Leaving Reader's site.",
  );
  expect((await settingsOf(token, companyId)).data).toEqual({ weekly: false, monthly: true });
  await captureScreens(page, testInfo, 'unsubscribed');

  await page.goto(link.replace(/\.[0-9a-f]{64}$/, `.${'0'.repeat(64)}`));
  await expect(page.getByRole('alert')).toHaveText(/This unsubscribe link is invalid/);
  await context.close();
});
