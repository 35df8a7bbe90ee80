// The public stats widget on the demo pages: the company's numbers, rendered in an open shadow root.
import { expect, test } from './support/fixtures';

interface PublicStats {
  visitors_30d: number;
  pageviews_30d: number;
  realtime: number;
  sparkline: number[];
}

test("the widget shows the company's public stats in its shadow root", async ({ page, site }) => {
  const { server, trackingKey } = site.environment;
  const answer = page.waitForResponse(`${server}/api/public/companies/${trackingKey}/stats`);
  await page.goto(site.url('/'));
  const { data: stats } = (await (await answer).json()) as { data: PublicStats };
  // The global set-up sent a few page views before any test.
  expect(stats.visitors_30d).toBeGreaterThan(0);
  expect(stats.pageviews_30d).toBeGreaterThanOrEqual(3);
  expect(stats.sparkline).toHaveLength(30);

  const widget = page.locator('[data-footfall-widget]');
  await expect(widget.getByText('visitors', { exact: true })).toBeVisible();
  // Locators pierce open shadow roots; the numbers are those the server answered (small ones in full).
  await expect(widget.locator('b')).toHaveText([String(stats.visitors_30d), String(stats.pageviews_30d)]);
  await expect(widget.getByText('Last 30 days')).toBeVisible();
  if (stats.realtime > 0) await expect(widget.getByText(`${stats.realtime} online now`)).toBeVisible();
  await expect(widget.getByRole('link', { name: 'Footfall' })).toHaveAttribute('href', `${server}/`);
  await expect(widget.locator('svg polyline')).toHaveCount(1);

  // It lives in a shadow root, out of reach of the page's CSS and DOM queries.
  const host = await page.evaluate(() => {
    const element = document.querySelector('[data-footfall-widget]');
    return {
      open: Boolean(element?.shadowRoot),
      lightChildren: element?.children.length,
      text: element?.shadowRoot?.textContent ?? '',
    };
  });
  expect(host).toMatchObject({ open: true, lightChildren: 0 });
  expect(host.text).toContain('pageviews');
});
