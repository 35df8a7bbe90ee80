// The analytics screens on the demo workspace's 30 days of sample traffic: the overview's figures against
// the API's, filters set by clicking and kept in the URL, the detail screen's tables and its four exports,
// each checked as a real file of its format.
import { BREAKDOWNS, MAX_BREAKDOWN_LIMIT } from '@footfall/contract/constants';
import { formatDateRange } from '@footfall/contract/format';
import type { Page } from '@playwright/test';
import readXlsxFile from 'read-excel-file/node';
import { csvFilesOf } from './support/csv-files';
import {
  apiAnalytics,
  apiCall,
  apiToken,
  captureScreens,
  downloadFrom,
  expect,
  expectAccessible,
  signInAsDemo,
  test,
} from './support/dashboard';
import { readEnvironment } from './support/environment';

/** The CSV fields that hold numbers. */
const COUNT_FIELDS = new Set([
  'value',
  'previous_value',
  'change_percent',
  'visitors',
  'visits',
  'pageviews',
  'events',
]);

const compact = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });

/** The summary card of a metric ("Unique visitors" → its value as shown). */
function card(page: Page, label: string) {
  return page.getByRole('listitem').filter({ hasText: label }).locator('.summary-value');
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A breakdown row's button, named by its value and visitors ("Germany 419 visitors"). */
function rowButton(page: Page, value: string) {
  return page.getByRole('button', {
    name: new RegExp(`^(${escapeRegExp(value)}|[A-Z]{2} ${escapeRegExp(value)}) [\\d.,]+[kMB]? visitors$`),
  });
}

async function demoToken(): Promise<string> {
  const { demoEmail, demoPassword } = readEnvironment();
  return apiToken(demoEmail, demoPassword);
}

test('the overview shows the demo data as the API answers it, with a chart and every breakdown', async ({
  page,
}, testInfo) => {
  const companyId = await signInAsDemo(page);
  const detail = await apiAnalytics(await demoToken(), companyId);
  expect(detail.summary.visitors).toBeGreaterThan(1000);

  await expect(card(page, 'Unique visitors')).toHaveAttribute(
    'title',
    detail.summary.visitors.toLocaleString('en-US'),
  );
  await expect(card(page, 'Pageviews')).toHaveText(
    compact.format(detail.summary.pageviews).replace('K', 'k'),
  );
  await expect(page.locator('svg[data-chart="timeseries"]')).toBeVisible();
  for (const title of ['Pages', 'Sources', 'Countries', 'Devices', 'Custom events']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }
  const topPage = detail.breakdowns.pages[0]?.value ?? '';
  await expect(
    page.getByRole('button', { name: new RegExp(`^${escapeRegExp(topPage)} [\\d.,]+[kMB]? visitors$`) }),
  ).toBeVisible();
  await expect(page.getByTestId('realtime')).toContainText('current visitor');
  // The company's site, from the companies loaded in full (the user's details).
  await expect(page.getByRole('link', { name: /demo\.footfall\.example/ })).toHaveAttribute(
    'href',
    'https://demo.footfall.example',
  );
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'dashboard');
});

test('every summary card charts its figure over time, by pointer and by keyboard', async ({ page }) => {
  const companyId = await signInAsDemo(page);
  const detail = await apiAnalytics(await demoToken(), companyId);
  const chart = page.locator('svg[data-chart="timeseries"]');
  await expect(chart).toBeVisible();
  const cards = page.getByRole('list', { name: 'Summary' }).getByRole('button');
  await expect(cards).toHaveCount(7);

  const percent = (value: number) => `${value}%`;
  const measured = detail.timeseries.filter((point) => point.visits > 0);
  const highest = Math.max(...measured.map((point) => point.bounce_rate));
  await cards.filter({ hasText: 'Bounce rate' }).click();
  await expect(page).toHaveURL(/[?&]metric=bounce_rate(&|$)/);
  await expect(cards.filter({ hasText: 'Bounce rate' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Bounce rate per day' })).toBeVisible();
  // The chart plots the bounce rate of each day, as the API counts it.
  await expect(chart).toHaveAttribute('aria-label', new RegExp(`highest ${percent(highest)} on `));

  // The keyboard reaches each card and charts its figure too.
  for (const [label, heading, metric] of [
    ['Visit duration', 'Visit duration per day', 'visit_duration'],
    ['Views per visit', 'Views per visit per day', 'views_per_visit'],
    ['Custom events', 'Custom events per day', 'events'],
  ] as const) {
    await cards.filter({ hasText: label }).focus();
    await expect(cards.filter({ hasText: label })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`[?&]metric=${metric}(&|$)`));
    await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  }
  const events = detail.timeseries.reduce((sum, point) => sum + point.events, 0);
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`^Custom events per day, .*: total ${compact.format(events).replace('K', 'k')}`),
  );
  await cards.filter({ hasText: 'Unique visitors' }).press(' ');
  await expect(page).not.toHaveURL(/metric=/);
});

test("today's chart stops at the hour under way, and the hours still to come say so", async ({ page }) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}?period=today`);
  const chart = page.locator('svg[data-chart="timeseries"]');
  await expect(chart).toBeVisible();
  // The demo company keeps UTC: the hour under way is the current UTC hour.
  const hour = new Date().getUTCHours();
  const label = (await chart.getAttribute('aria-label')) ?? '';
  const until = / to (.+?): total/.exec(label)?.[1] ?? '';
  // The browser's language is en-GB (playwright.config.ts), which the dashboard follows: a 24-hour clock.
  const now = `${String(hour).padStart(2, '0')}:00`;
  expect(until, label).toContain(now);
  // The line has as many points as hours begun, not 24: the path stops at the current hour.
  const box = await chart.boundingBox();
  const lineEnd = await page
    .locator('svg[data-chart="timeseries"] path.ff-chart-line')
    .evaluate((path: SVGPathElement) => path.getBBox().x + path.getBBox().width);
  if (hour < 22 && box) expect(lineEnd).toBeLessThan(box.width * 0.95);
  if (hour < 23) {
    // Hover the last hour of the day: it has not happened yet.
    const overlay = page.locator('svg[data-chart="timeseries"] rect.ff-chart-overlay');
    const area = await overlay.boundingBox();
    if (!area) throw new Error('the chart has no overlay');
    await page.mouse.move(area.x + area.width - 2, area.y + area.height / 2);
    const tooltip = page.locator('.ff-chart-tooltip');
    await expect(tooltip).toContainText('not yet');
    await expect(tooltip).not.toContainText('-100%');
  }
});

test('clicking a row filters by it, the filter lives in the URL as a removable pill, and Back undoes it', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  const token = await demoToken();
  const detail = await apiAnalytics(token, companyId);
  const country = detail.breakdowns.countries[1];
  if (!country) throw new Error('the demo data has fewer than two countries');
  const countryName = new Intl.DisplayNames(['en'], { type: 'region' }).of(country.value) ?? country.value;
  const filtered = await apiAnalytics(token, companyId, { country: country.value });

  await rowButton(page, countryName).click();
  await expect(page).toHaveURL(new RegExp(`[?&]country=${country.value}(&|$)`));
  await expect(page.getByRole('region', { name: 'Filters' })).toContainText(`Country is ${countryName}`);
  await expect(card(page, 'Unique visitors')).toHaveAttribute(
    'title',
    filtered.summary.visitors.toLocaleString('en-US'),
  );

  // A second filter from another panel, then the first one removed by its pill.
  await page.getByRole('button', { name: 'Browsers' }).click();
  const browser = filtered.breakdowns.browsers[0]?.value ?? '';
  await rowButton(page, browser).click();
  await expect(page).toHaveURL(
    new RegExp(`browser=${encodeURIComponent(browser).replace(/%20/g, '(%20|\\+)')}`),
  );
  await page.getByRole('button', { name: `Remove filter Country is ${countryName}` }).click();
  await expect(page).not.toHaveURL(/country=/);
  await expect(page).toHaveURL(/browser=/);

  // Back restores the two filters; a hand-made URL with a bad value drops it rather than failing.
  await page.goBack();
  await expect(page).toHaveURL(/country=/);
  await page.goto(`/dashboard/${companyId}?country=Germany&device=phone&period=7d`);
  await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  await expect(page.getByLabel('Period', { exact: true })).toHaveValue('7d');
});

test("the Countries panel's map shades every country of the period, and clicking one filters by it", async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  const every = await apiAnalytics(await demoToken(), companyId, { limit: '100' });
  // More countries than the panel's ten, so the map must ask for them itself.
  expect(every.breakdowns.countries.length).toBeGreaterThan(10);
  const maps: string[] = [];
  page.on('request', (request) => {
    if (/\/assets\/map-[^/]+\.js$/.test(request.url())) maps.push(request.url());
  });
  const countries = page.getByRole('region', { name: 'Countries' });
  expect(maps).toEqual([]);
  await countries.getByRole('button', { name: 'Map' }).click();
  const map = countries.locator('svg[data-chart="world-map"]');
  await expect(map).toBeVisible();
  await expect(map.locator('path.ff-map-country:not([data-shade="0"])')).toHaveCount(
    every.breakdowns.countries.length,
  );
  await expect(map).toHaveAttribute('aria-label', /^Visitors by country: /);
  await map.locator('path[data-code="DE"]').click();
  await expect(page).toHaveURL(/[?&]country=DE(&|$)/);
});

test('the period picker and a custom range change the query, and the chart can drop its comparison', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  // The 7 days arrive late, as on a slow connection or a site with many goals: the custom range opened
  // meanwhile stays open when they do.
  let released: () => void = () => undefined;
  const release = new Promise<void>((resolve) => {
    released = resolve;
  });
  await page.route(/company-visitor-analytics-detail\/\d+\?.*period=7d/, async (route) => {
    await release;
    await route.continue();
  });
  const thirtyDays = (await page.locator('.range').textContent()) ?? '';
  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expect(page).toHaveURL(/period=7d/);
  await page.getByLabel('Period', { exact: true }).selectOption('custom');
  released();
  await expect(page.locator('.range')).not.toHaveText(thirtyDays);
  await page.unroute(/company-visitor-analytics-detail/);
  await page.getByLabel('From', { exact: true }).fill('2026-01-05');
  await page.getByLabel('To', { exact: true }).fill('2026-01-03');
  await expect(page.getByText('The first day must come before the last.')).toBeVisible();
  await page.getByLabel('To', { exact: true }).fill('2026-01-09');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/period=custom&from=2026-01-05&to=2026-01-09/);
  // The range as the reader's language writes it (en-GB here): "5–9 Jan 2026".
  await expect(page.locator('.range')).toContainText(formatDateRange('2026-01-05', '2026-01-09', 'en-GB'));

  await page.goto(`/dashboard/${companyId}`);
  await page.getByLabel('Compare with previous period').uncheck();
  await expect(page).toHaveURL(/compare=off/);
});

test("a comparison reaching before the site's first day says so instead of a change, and draws no line there", async ({
  page,
}, testInfo) => {
  const companyId = await signInAsDemo(page);
  // The demo's traffic spans 30 days: the previous 30 days had nothing, the previous 7 days all of it.
  const { first_day: firstDay } = await apiAnalytics(await demoToken(), companyId);
  expect(firstDay).not.toBeNull();
  const day = new Intl.DateTimeFormat('en-GB', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${firstDay}T00:00:00Z`),
  );
  const cards = page.getByRole('list', { name: 'Summary' });
  await expect(cards.locator('.change-gap')).toHaveCount(7);
  await expect(cards.locator('.change-gap').first()).toHaveText(`no data before ${day}`);
  await expect(cards.locator('.change-good, .change-bad')).toHaveCount(0);
  // A line is drawn where its path has a segment (a lone point, the first day's, is a bare move).
  const drawnCompareLines = () =>
    page
      .locator('svg[data-chart="timeseries"] .ff-chart-line-compare')
      .evaluateAll((paths) => paths.filter((path) => /[LC]/.test(path.getAttribute('d') ?? '')).length);
  await expect(page.locator('svg[data-chart="timeseries"]')).toHaveAttribute(
    'aria-label',
    new RegExp(`the previous period has no data before ${day}$`),
  );
  expect(await drawnCompareLines()).toBe(0);
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await captureScreens(page, testInfo, `comparison-before-data-${scheme}`);
  }
  await page.emulateMedia({ colorScheme: 'light' });

  await page.getByLabel('Period', { exact: true }).selectOption('7d');
  await expect(page).toHaveURL(/period=7d/);
  await expect(cards.locator('.change-gap')).toHaveCount(0);
  await expect(cards.locator('.change').first()).toHaveText(/against the previous period/);
  await expect.poll(drawnCompareLines).toBe(1);
});

test('the detail screen has every breakdown in a sortable table, and keeps the overview filters', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}?period=7d&device=desktop`);
  await page.getByRole('link', { name: 'Detail & exports' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/detail\\?period=7d&device=desktop`));
  // One tab is the current page, and one breadcrumb: the router's prefix match marked Dashboard too.
  const tabs = page.getByRole('navigation', { name: 'Company sections' });
  await expect(tabs.locator('[aria-current="page"]')).toHaveText(['Detail & exports']);
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).locator('[aria-current="page"]'),
  ).toHaveText('Detail & exports');
  for (const title of ['Top pages', 'Entry pages', 'Exit pages', 'Referrers', 'UTM campaigns', 'Languages']) {
    await expect(page.getByRole('heading', { name: title, exact: true })).toBeVisible();
  }

  const pages = page.locator('#pages table');
  const visitorsColumn = async () =>
    (await pages.locator('tbody tr td:nth-child(2)').allInnerTexts()).map((text) =>
      Number(text.replace(/,/g, '')),
    );
  const descending = await visitorsColumn();
  expect(descending).toEqual([...descending].sort((a, b) => b - a));
  await pages.getByRole('button', { name: /^Visitors/ }).click();
  await expect(pages.locator('th[aria-sort="ascending"]')).toHaveText(/Visitors/);
  const ascending = await visitorsColumn();
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
});

test('a filtered export names its filters, or the segment in force, in its files and its name', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}/detail?source=Google`);
  await expect(page.locator('svg[data-chart="timeseries"]')).toBeVisible();
  const filtered = await downloadFrom(page, 'CSV (zip)');
  expect(filtered.download.suggestedFilename()).toMatch(
    /^footfall-demo-company-source-google-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.zip$/,
  );
  expect(csvFilesOf(filtered.file).get('filters.csv')?.slice(2)).toEqual([['Source', 'Google']]);

  // The same filters saved as a segment: the export says so, and takes the segment's name.
  const saved = await apiCall('POST', `/api/companies/${companyId}/segments`, {
    token: await demoToken(),
    body: { name: `Search ${Date.now()}`, filters: { source: 'Google' } },
  });
  const name = (saved as { data: { name: string } }).data.name;
  const segmented = await downloadFrom(page, 'CSV (zip)');
  expect(segmented.download.suggestedFilename()).toMatch(/^footfall-demo-company-search-\d+-\d{4}-/);
  expect(csvFilesOf(segmented.file).get('filters.csv')?.slice(2)).toEqual([
    ['Segment', name],
    ['Source', 'Google'],
  ]);
});

test('each export downloads a valid file, and its library is fetched only when its button is used', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  // As the detail screen asks for it: with the previous period, and every breakdown in full.
  const detail = await apiAnalytics(await demoToken(), companyId, {
    compare: 'previous_period',
    limit: String(MAX_BREAKDOWN_LIMIT),
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`/dashboard/${companyId}/detail`);
  await expect(page.locator('svg[data-chart="timeseries"]')).toBeVisible();
  // Hovering a button would preload its chunk, so none may be loaded before the clicks below.
  expect(scripts.filter((path) => /\/(csv-zip|xlsx|pdf|png)-/.test(path))).toEqual([]);

  const csv = await downloadFrom(page, 'CSV (zip)');
  expect(csv.download.suggestedFilename()).toMatch(
    /^footfall-demo-company-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.zip$/,
  );
  const files = csvFilesOf(csv.file);
  // The demo site's notes on the period come after the time series.
  expect(detail.annotations.length).toBeGreaterThan(0);
  expect([...files.keys()]).toEqual([
    'summary.csv',
    'filters.csv',
    'timeseries.csv',
    'notes.csv',
    ...BREAKDOWNS.map((name) => `${name}.csv`),
  ]);
  expect(files.get('filters.csv')).toEqual([
    ['field', 'condition'],
    ['Period', `${detail.range.from} to ${detail.range.to}`],
  ]);
  expect(files.get('notes.csv')).toEqual([
    ['date', 'until', 'note', 'by'],
    ...detail.annotations.map((note) => [note.date, note.end_date ?? '', note.text, note.author]),
  ]);
  for (const [name, [header = [], ...records]] of files) {
    expect(
      header.every((field) => /^[a-z0-9_]+$/.test(field)),
      `${name} header ${header}`,
    ).toBe(true);
    for (const record of records) expect(record, name).toHaveLength(header.length);
    // Counts and figures are bare numbers: no thousands separator, no percent sign.
    header.forEach((field, column) => {
      if (!COUNT_FIELDS.has(field)) return;
      const values = records.map((record) => record[column]);
      expect(
        values.filter((value) => !/^(-?\d+(\.\d+)?)?$/.test(value ?? '')),
        `${name} ${field}`,
      ).toEqual([]);
    });
  }
  const summary = files.get('summary.csv') ?? [];
  expect(summary[0]).toEqual(['metric', 'value', 'previous_value', 'change_percent']);
  const figure = (metric: string) => summary.find((record) => record[0] === metric)?.slice(1, 3);
  expect(figure('visitors')).toEqual([String(detail.summary.visitors), String(detail.comparison?.visitors)]);
  expect(figure('bounce_rate_percent')?.[0]).toBe(String(detail.summary.bounce_rate));
  expect(figure('visit_duration_seconds')?.[0]).toBe(String(detail.summary.visit_duration));
  expect(files.get('timeseries.csv')).toEqual([
    ['date', 'visitors', 'visits', 'pageviews'],
    ...detail.timeseries.map((point) =>
      [point.date, point.visitors, point.visits, point.pageviews].map(String),
    ),
  ]);
  expect(files.get('pages.csv')).toEqual([
    ['page', 'visitors', 'pageviews'],
    ...detail.breakdowns.pages.map((row) => [row.value, row.visitors, row.pageviews].map(String)),
  ]);
  const countries = files.get('countries.csv') ?? [];
  expect(countries[0]).toEqual(['country', 'code', 'visitors', 'visits']);
  expect(countries.slice(1).map((record) => record.slice(1))).toEqual(
    detail.breakdowns.countries.map((row) => [row.value, row.visitors, row.visits].map(String)),
  );

  const xlsx = await downloadFrom(page, 'Excel (XLSX)');
  expect(xlsx.file.subarray(0, 2).toString('latin1')).toBe('PK');
  const sheets = await readXlsxFile(xlsx.file);
  expect(sheets.map((sheet) => sheet.sheet)).toEqual(
    expect.arrayContaining(['Summary', 'Top pages', 'Countries']),
  );
  const topPages = sheets.find((sheet) => sheet.sheet === 'Top pages')?.data ?? [];
  expect(topPages[1]?.[0]).toBe(detail.breakdowns.pages[0]?.value);
  expect(topPages[1]?.[1]).toBe(detail.breakdowns.pages[0]?.visitors);

  const pdf = await downloadFrom(page, 'PDF report');
  expect(pdf.file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.file.subarray(-8).toString('latin1')).toContain('%%EOF');
  // The chart is in it, as an image.
  expect(pdf.file.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);

  const png = await downloadFrom(page, 'Chart (PNG)');
  expect(png.file.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const chartWidth = await page
    .locator('svg[data-chart="timeseries"]')
    .evaluate((svg) => svg.getBoundingClientRect().width);
  // Twice the chart's size on screen, for sharpness, with a margin of 24 px on either side.
  expect(png.file.readUInt32BE(16)).toBe((Math.round(chartWidth) + 48) * 2);
  expect(png.download.suggestedFilename()).toMatch(/^footfall-demo-company-chart-\d{4}-/);

  expect(scripts.some((path) => /\/csv-zip-/.test(path))).toBe(true);
  expect(scripts.some((path) => /\/xlsx-/.test(path))).toBe(true);
  expect(scripts.some((path) => /\/pdf-/.test(path))).toBe(true);
});

test('the detail screen looks right and passes axe', async ({ page }, testInfo) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}/detail`);
  await expect(page.locator('svg[data-chart="timeseries"]')).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'dashboard-detail');
});
