// The API reference at /api/docs as a reader sees it, at 1280 and 375 px, in the light and the dark theme:
// Footfall's page (its title and logo, no Fastify or Swagger branding), nothing wider than a phone, the stats
// API's route opened and read, every request to this server alone, and no console error. Each state is
// photographed into the test's output folder (and into FOOTFALL_E2E_SHOTS when it is set).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page, TestInfo } from '@playwright/test';
import { expect, SCREEN_WIDTHS, test } from './support/dashboard';
import { readEnvironment } from './support/environment';

const STATS_ROUTE = '#operations-Stats_API-get_api_v1_stats__company_id_';

/** Every request the page makes and every console error, from before it loads. */
function watch(page: Page): { requests: string[]; consoleErrors: string[] } {
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  return { requests, consoleErrors };
}

async function photograph(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  const folder = process.env.FOOTFALL_E2E_SHOTS;
  if (folder) {
    mkdirSync(folder, { recursive: true });
    await page.screenshot({ path: join(folder, `${name}.png`) });
  }
}

/**
 * The theme's own rule: text keeps 4.5:1 against what it sits on, in both themes. Only colour contrast is
 * scanned: the rest of axe-core's findings here are Swagger UI's markup (a link button inside each route's
 * summary button, the servers list without a label), which the theme does not change.
 */
async function expectReadableContrast(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze();
  const failures = results.violations.flatMap((violation) =>
    violation.nodes.slice(0, 8).map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(failures, `low contrast on ${page.url()}`).toEqual([]);
}

async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `scrollWidth at ${width} px`).toBeLessThanOrEqual(width);
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of SCREEN_WIDTHS) {
    test(`the API reference is Footfall's and reads at ${width} px in the ${colorScheme} theme`, async ({
      page,
    }, testInfo) => {
      const { server } = readEnvironment();
      const { requests, consoleErrors } = watch(page);
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/api/docs');

      await expect(page).toHaveTitle('Footfall API');
      await expect(page.getByRole('heading', { level: 1, name: /Footfall API/ })).toBeVisible();
      await expect(
        page.getByRole('link', { name: 'Footfall home' }).getByRole('img', { name: 'Footfall' }),
      ).toBeVisible();
      await expect(page.locator('.opblock-tag').first()).toBeVisible();
      await expect(page.locator('body')).not.toContainText(/fastify|swagger/i);
      await expect(page.locator('.topbar')).toHaveCount(0);
      // The theme follows the reader's system: Swagger UI's dark rules and Footfall's dark tokens.
      await expect(page.locator('html')).toHaveClass(
        colorScheme === 'dark' ? /dark-mode/ : /^(?!.*dark-mode)/,
      );
      const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(background).toBe(colorScheme === 'dark' ? 'rgb(11, 17, 32)' : 'rgb(255, 255, 255)');
      await expectNoSidewaysScroll(page, width);
      await photograph(page, testInfo, `api-docs-${width}-${colorScheme}`);

      // The stats API's route opens, and its parameters and answer can be read.
      const route = page.locator(STATS_ROUTE);
      await route.locator('.opblock-summary-control').click();
      await expect(route.locator('.opblock-summary-path')).toHaveText(/\/api\/v1\/stats\/\{company_id\}/);
      const period = route.locator('tr[data-param-name="period"]');
      await expect(period).toBeVisible();
      await expect(period).toContainText('12mo');
      await expect(route.locator('tr.response .response-col_status').first()).toHaveText(/200/);
      await expect(route.locator('.highlight-code').first()).toContainText('"summary"');
      for (const part of [
        period,
        route.locator('.opblock-summary-path'),
        route.locator('tr.response .response-col_status').first(),
      ]) {
        const box = await part.boundingBox();
        expect(box, 'laid out').not.toBeNull();
        expect((box?.x ?? 0) + (box?.width ?? 0), 'inside the screen').toBeLessThanOrEqual(width);
      }
      await expectNoSidewaysScroll(page, width);
      await route.scrollIntoViewIfNeeded();
      await route.evaluate((element) => element.scrollIntoView());
      await photograph(page, testInfo, `api-docs-stats-route-${width}-${colorScheme}`);
      if (width === 375) {
        await period.scrollIntoViewIfNeeded();
        await photograph(page, testInfo, `api-docs-parameters-${width}-${colorScheme}`);
      }
      await expectReadableContrast(page);

      // Everything came from this server: no CDN, no font service, no validator.
      expect(requests.length).toBeGreaterThan(4);
      expect(requests.filter((url) => new URL(url).origin !== server)).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });
  }
}
