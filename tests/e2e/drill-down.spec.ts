// The dashboard's figures as one module writes them, in the browser's language (en-GB here), and the chart's
// buckets and the detail tables' rows as ways into a day, a week or a value.
import { formatSummaryChange } from '@footfall/contract/format';
import type { Page } from '@playwright/test';
import { apiAnalytics, apiToken, captureScreens, expect, signInAsDemo, test } from './support/dashboard';
import { readEnvironment } from './support/environment';

async function demoToken(): Promise<string> {
  const { demoEmail, demoPassword } = readEnvironment();
  return apiToken(demoEmail, demoPassword);
}

/** The page's search parameters, as the router writes them (in any order), to poll on. */
function searchOf(page: Page, names: readonly string[]): () => Record<string, string | null> {
  return () => {
    const search = new URL(page.url()).searchParams;
    return Object.fromEntries(names.map((name) => [name, search.get(name)]));
  };
}

const RANGE = ['period', 'from', 'to', 'interval'] as const;

/** Moves the pointer over the chart's plot at `share` of its width. */
async function hoverChart(page: Page, share: number): Promise<void> {
  const overlay = page.locator('svg[data-chart="timeseries"] .ff-chart-overlay');
  await overlay.scrollIntoViewIfNeeded();
  // From outside the chart, so that the pointer moves onto it even where it rested before.
  await page.mouse.move(0, 0);
  const box = await overlay.boundingBox();
  if (!box) throw new Error('the chart has no plot');
  await page.mouse.move(box.x + box.width * share, box.y + box.height / 2);
}

test('a click on a day of the chart opens that day by the hour, Enter on a week opens the week by the day', async ({
  page,
}, testInfo) => {
  const companyId = await signInAsDemo(page);
  await page.goto(`/dashboard/${companyId}?period=30d`);
  const chart = page.locator('svg[data-chart="timeseries"]');
  await expect(chart).toHaveAttribute('data-selectable', 'true');

  // The last bucket is today: its tooltip says what a click does, in the reader's language.
  await hoverChart(page, 0.999);
  const tooltip = page.locator('.ff-chart-tooltip');
  const today = new Date();
  const day = new Intl.DateTimeFormat('en-GB', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(today);
  await expect(tooltip).toContainText(`Click to show ${day}`);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await captureScreens(page, testInfo, `chart-click-hint-${colorScheme}`);
    // The tooltip with its hint, close up, at both widths.
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(300);
      await hoverChart(page, 0.999);
      await expect(tooltip).toContainText('Click to show');
      const path = testInfo.outputPath(`chart-tooltip-${colorScheme}-${width}.png`);
      // A shot of the viewport clipped to the chart: an element's shot would scroll, and the pointer leave it.
      const box = await page.getByRole('region', { name: 'Visitors over time' }).boundingBox();
      await page.screenshot({ path, ...(box ? { clip: box } : {}) });
      await testInfo.attach(`chart tooltip, ${colorScheme}, ${width} px`, { path, contentType: 'image/png' });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });

  await hoverChart(page, 0.999);
  await page.mouse.down();
  await page.mouse.up();
  const iso = today.toISOString().slice(0, 10);
  await expect
    .poll(searchOf(page, RANGE))
    .toEqual({ period: 'custom', from: iso, to: iso, interval: 'hour' });
  await expect(chart).not.toHaveAttribute('data-selectable');
  await expect(chart).toHaveAttribute('aria-label', /^Visitors per hour/);

  // By the week, from the keyboard: the chart takes focus on its latest bucket, Enter opens that week.
  await page.goto(`/dashboard/${companyId}?period=30d&interval=week`);
  const detail = await apiAnalytics(await demoToken(), companyId, { period: '30d', interval: 'week' });
  const lastWeek = detail.timeseries.at(-1)?.date ?? '';
  await chart.focus();
  await expect(page.locator('.ff-chart-tooltip')).toContainText('Enter to show Week of');
  await page.keyboard.press('Enter');
  await expect
    .poll(searchOf(page, RANGE))
    .toEqual({ period: 'custom', from: lastWeek, to: detail.range.to, interval: 'day' });
  await expect(chart).toHaveAttribute('aria-label', /^Visitors per day/);
});

test('a click anywhere on a detail row filters by its value, and the figures read the same on every card', async ({
  page,
}) => {
  const companyId = await signInAsDemo(page);
  const token = await demoToken();
  const detail = await apiAnalytics(token, companyId, { period: '7d', limit: '100' });
  const source = detail.breakdowns.sources[0];
  if (!source) throw new Error('the demo has no sources');

  await page.goto(`/dashboard/${companyId}/detail?period=7d`);
  const sources = page.getByRole('table', { name: 'Sources' });
  const row = sources.getByRole('row').filter({ hasText: source.value }).first();
  // The visitors' figure, not the value's button: the whole row is the target.
  await row.getByRole('cell').nth(1).click();
  await expect.poll(searchOf(page, ['source'])).toEqual({ source: source.value });

  // The bounce rate's change against the previous 7 days is in points, the counts' in percent, as the
  // mails and the exports write them, in the browser's language.
  const compared = await apiAnalytics(token, companyId, { period: '7d', compare: 'previous_period' });
  if (!compared.comparison) throw new Error('no comparison');
  const bounceChange = formatSummaryChange('bounce_rate', compared.summary, compared.comparison, 'en-GB');
  expect(bounceChange.text).toMatch(/^([+-]?\d+(\.\d)? pts?)$/);
  await page.goto(`/dashboard/${companyId}?period=7d`);
  const cards = page.getByRole('list', { name: 'Summary' });
  const badge = (label: string) => cards.getByRole('listitem').filter({ hasText: label }).locator('.change');
  await expect(badge('Bounce rate')).toContainText(bounceChange.text);
  await expect(badge('Unique visitors')).toContainText(
    formatSummaryChange('visitors', compared.summary, compared.comparison, 'en-GB').text,
  );
});

test.describe('on a touch screen', () => {
  test.use({ hasTouch: true, isMobile: true, viewport: { width: 375, height: 800 } });

  test('a first tap on a day shows its figures and says a second opens it; the second opens it', async ({
    page,
  }) => {
    const companyId = await signInAsDemo(page);
    await page.goto(`/dashboard/${companyId}?period=30d`);
    const overlay = page.locator('svg[data-chart="timeseries"] .ff-chart-overlay');
    await overlay.scrollIntoViewIfNeeded();
    const box = await overlay.boundingBox();
    if (!box) throw new Error('the chart has no plot');
    const at = { x: box.x + box.width * 0.999, y: box.y + box.height / 2 };
    await page.touchscreen.tap(at.x, at.y);
    // The finger is lifted and the tooltip stays, to be read.
    await expect(page.locator('.ff-chart-tooltip')).toContainText('Tap again to show');
    expect(searchOf(page, ['period'])()).toEqual({ period: null });
    await page.touchscreen.tap(at.x, at.y);
    const iso = new Date().toISOString().slice(0, 10);
    await expect
      .poll(searchOf(page, RANGE))
      .toEqual({ period: 'custom', from: iso, to: iso, interval: 'hour' });
  });
});
