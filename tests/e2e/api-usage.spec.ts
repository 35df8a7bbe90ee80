// The API-count report (`/api-count-report/{id}`) in Chromium against the real server: stats-API calls made
// with a fresh key, then the quota meter, the table, the chart, the date range and the CSV export.
import { readFileSync } from 'node:fs';
import type { ApiKeyCreateAnswer, CompanyListAnswer } from '@footfall/contract';
import type { Page } from '@playwright/test';
import { parseCsv } from './support/csv-files';
import {
  apiToken,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';

/** The route pattern the report names the stats endpoint by (docs/api.md "Stats API, keys and usage"). */
const STATS_ENDPOINT = 'GET /api/v1/stats/:company_id';
/** The free plan's monthly stats-API quota (docs/api.md "Stats API, keys and usage"). */
const FREE_API_QUOTA = '1,000';

/** `YYYY-MM-DD`, `days` from today, in UTC: a new company's time zone. */
function utcDate(days = 0): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function call<T>(path: string, token: string, init: { method?: string; body?: unknown } = {}) {
  const answer = await fetch(readEnvironment().server + path, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  expect(answer.ok, `${init.method ?? 'GET'} ${path} answered ${answer.status}`).toBe(true);
  return (await answer.json()) as T;
}

/**
 * A fresh account that made `calls` stats-API calls with a new key, signed in on its report. Answers the
 * company's id.
 */
async function reportAfterCalls(page: Page, calls: number, name: string): Promise<number> {
  const account = await verifiedAccount(name);
  const token = await apiToken(account.email, account.password);
  const [company] = (await call<CompanyListAnswer>('/api/companies', token)).data;
  if (!company) throw new Error('the new account has no company');
  const key = await call<ApiKeyCreateAnswer>(`/api/companies/${company.id}/api-keys`, token, {
    method: 'POST',
    body: { name: 'Report test' },
  });
  for (let count = 0; count < calls; count += 1) {
    await call(`/api/v1/stats/${company.id}?period=7d`, key.data.secret);
  }

  await signIn(page, account.email, account.password);
  await page.goto(`/api-count-report/${company.id}`);
  await expect(page.getByRole('heading', { name: 'API usage', level: 1 })).toBeVisible();
  return company.id;
}

test('the report counts the stats-API calls made with a key in its meter, table and chart', async ({
  page,
}) => {
  const calls = 3;
  await reportAfterCalls(page, calls, 'Usage Counts');

  await expect(
    page.getByRole('meter', { name: `Stats API calls this month: ${calls} of ${FREE_API_QUOTA}` }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Quota' })).toContainText(`${calls} of ${FREE_API_QUOTA}`);

  const table = page.getByRole('table', { name: 'API calls per day and endpoint' });
  const rows = table.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1).getByRole('cell')).toHaveText([utcDate(), STATS_ENDPOINT, String(calls)]);

  const chart = page.locator('svg[data-chart="api-usage"]');
  await expect(chart).toBeVisible();
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`total ${calls}, peak ${calls} on `));
  // Today is the only day with calls: one bar.
  await expect(chart.locator('.ff-chart-bar')).toHaveCount(1);
});

test("one call reads '1 call', and its bar is not flattened by the quota's far higher daily share", async ({
  page,
}) => {
  await reportAfterCalls(page, 1, 'Usage One');
  await expect(page.getByText('1 call in this range')).toBeVisible();
  const chart = page.locator('svg[data-chart="api-usage"]');
  await expect(chart.locator('.ff-chart-bar')).toHaveCount(1);
  // The free plan's daily share (about 33 calls) is not drawn, and said under the plot rather than over the
  // bar: the bar keeps its height and no words cross it.
  await expect(chart.locator('.ff-chart-reference')).toHaveCount(0);
  await expect(page.locator('.ff-chart-reference-note')).toHaveText(
    /^Daily share of quota: \d+ a day, more than twice the busiest day \(1\), so it is not drawn$/,
  );
  await page.locator('.chart-panel').screenshot({ path: test.info().outputPath('api-usage-one-call.png') });
  const plot = await chart.locator('.ff-chart-overlay').boundingBox();
  const bar = await chart.locator('.ff-chart-bar').boundingBox();
  expect(bar?.height ?? 0).toBeGreaterThan((plot?.height ?? 0) / 2);
});

test('the date range goes into the URL and changes the data, and the CSV export lists the calls', async ({
  page,
}) => {
  const calls = 2;
  await reportAfterCalls(page, calls, 'Usage Range');
  const table = page.getByRole('table', { name: 'API calls per day and endpoint' });
  const range = page.getByRole('form', { name: 'Date range' });
  await expect(range.getByLabel('From')).toHaveValue(utcDate(-29));
  await expect(range.getByLabel('To')).toHaveValue(utcDate());

  // A range before the calls: nothing in it.
  await range.getByLabel('From').fill(utcDate(-20));
  await range.getByLabel('To').fill(utcDate(-10));
  await range.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(
    (url) => url.searchParams.get('from') === utcDate(-20) && url.searchParams.get('to') === utcDate(-10),
  );
  await expect(table.getByText('No calls in this range.')).toBeVisible();
  await expect(page.getByText('0 calls in this range')).toBeVisible();
  await expect(page.locator('svg[data-chart="api-usage"] .ff-chart-bar')).toHaveCount(0);
  // The month's quota does not depend on the range.
  await expect(page.getByRole('region', { name: 'Quota' })).toContainText(`${calls} of ${FREE_API_QUOTA}`);

  // A bad range cannot be sent.
  await range.getByLabel('From').fill(utcDate(-1));
  await range.getByLabel('To').fill(utcDate(-2));
  await expect(range.getByRole('button', { name: 'Show' })).toBeDisabled();

  // A range that ends today: the calls are back.
  await range.getByLabel('From').fill(utcDate(-6));
  await range.getByLabel('To').fill(utcDate());
  await range.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL((url) => url.searchParams.get('from') === utcDate(-6));
  await expect(table.getByRole('row').nth(1).getByRole('cell')).toHaveText([
    utcDate(),
    STATS_ENDPOINT,
    String(calls),
  ]);
  await expect(page.getByText(`${calls} calls in this range`)).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  // One table, the one on screen: a header row, then the calls per day and endpoint.
  expect(parseCsv(csv.slice(1))).toEqual([
    ['date', 'endpoint', 'calls'],
    [utcDate(), STATS_ENDPOINT, String(calls)],
  ]);
});

test('the report with calls in it reads well at both widths and passes axe', async ({ page }, testInfo) => {
  await reportAfterCalls(page, 4, 'Usage Looks');
  await expect(page.locator('svg[data-chart="api-usage"] .ff-chart-bar')).toHaveCount(1);
  await captureScreens(page, testInfo, 'api-usage');
  await expectAccessible(page);
});
