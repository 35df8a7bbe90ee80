// Custom-event properties discovered in Chromium against the real server: events with properties sent to
// the ingestion endpoint by three visitors, then the Properties panel opening on every key seen with its
// visitors and events (as the API's `prop_keys` answers them), a click to a key's values and back, and a
// property filter chosen in the editor from the keys and then the values it suggests. The panel and the
// editor are photographed at both widths in the light and the dark theme.
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CompanyAnswer } from '@footfall/contract';
import type { Locator, Page, TestInfo } from '@playwright/test';
import {
  apiAnalytics,
  apiCall,
  expect,
  expectAccessible,
  SCREEN_WIDTHS,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { otherChromeUserAgent, readEnvironment } from './support/environment';
import { firstSiteOf } from './support/team';

/** A folder to copy the screenshots into as well, beside the test's own output (unset: none). */
const SHOTS_DIR = process.env.FOOTFALL_E2E_SHOTS;

/** Sends one visitor's events (the user agent tells visitors apart: every request comes from 127.0.0.1). */
async function sendEvents(trackingKey: string, visitor: number, events: Record<string, unknown>[]) {
  const answer = await fetch(`${readEnvironment().server}/api/save-company-visitor-analytics`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': otherChromeUserAgent(40 + visitor) },
    body: JSON.stringify(events.map((event) => ({ company: trackingKey, url: SITE, ...event }))),
  });
  expect(answer.status).toBe(202);
}

const SITE = 'https://properties.example/pricing';

/** The page around `opened` photographed at each width, light and dark, into the test's output. */
async function photograph(page: Page, testInfo: TestInfo, name: string, opened: Locator): Promise<void> {
  if (SHOTS_DIR) await mkdir(SHOTS_DIR, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of SCREEN_WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await page.waitForTimeout(300);
      await opened.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name} at ${width}`).toBe(
        width,
      );
      const file = `${name}-${width}-${colorScheme}.png`;
      const path = testInfo.outputPath(file);
      await page.screenshot({ path });
      if (SHOTS_DIR) await copyFile(path, join(SHOTS_DIR, file));
      await testInfo.attach(`${name} at ${width} px, ${colorScheme}`, { path, contentType: 'image/png' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the Properties panel lists the keys seen with their counts, a key shows its values, and a filter is chosen from the suggested key and value', async ({
  page,
}, testInfo) => {
  // Sixteen screenshots, each after the layout settles at its width.
  test.setTimeout(150_000);
  const account = await verifiedAccount('Properties Owner');
  const { companyId, token } = await firstSiteOf(account);
  const { data: company } = await apiCall<CompanyAnswer>('GET', `/api/companies/${companyId}`, { token });
  // Three visitors: two sign up (pro with seats, free), one downloads a PDF on pro.
  await sendEvents(company.tracking_key, 1, [
    { type: 'pageview' },
    { type: 'event', name: 'Signup', props: { plan: 'pro', seats: 3 } },
  ]);
  await sendEvents(company.tracking_key, 2, [
    { type: 'pageview' },
    { type: 'event', name: 'Signup', props: { plan: 'free' } },
  ]);
  await sendEvents(company.tracking_key, 3, [
    { type: 'pageview' },
    { type: 'event', name: 'Download', props: { plan: 'pro', format: 'pdf' } },
  ]);
  // Today's unfiltered summary is rebuilt every few seconds: the overview shows its panels once it counts them.
  await expect.poll(async () => (await apiAnalytics(token, companyId)).summary.events).toBe(3);
  const { prop_keys: keys } = (await apiAnalytics(token, companyId, { prop_keys: 'true' })).breakdowns;
  expect(keys).toEqual([
    { value: 'plan', visitors: 3, events: 3 },
    { value: 'format', visitors: 1, events: 1 },
    { value: 'seats', visitors: 1, events: 1 },
  ]);

  await signIn(page, account.email, account.password);
  await page.goto(`/dashboard/${companyId}`);
  const properties = page.getByRole('region', { name: 'Properties' });
  const keyRows = properties.getByRole('list', { name: 'Property keys' }).getByRole('listitem');
  await expect(keyRows).toHaveText([
    /^plan\s*3\s*visitors\s*3\s*events$/,
    /^format\s*1\s*visitors\s*1\s*events$/,
    /^seats\s*1\s*visitors\s*1\s*events$/,
  ]);
  await expectAccessible(page);
  await photograph(page, testInfo, 'properties-keys', properties);

  // A key shows its values, and the URL keeps it; "All properties" goes back to the keys.
  await keyRows.getByRole('button', { name: /^plan/ }).click();
  await expect(page).toHaveURL(/[?&]props_key=plan(&|$)/);
  const valueRows = properties.getByRole('list', { name: 'Values of plan' }).getByRole('listitem');
  await expect(valueRows).toHaveText([
    /^pro\s*2\s*visitors\s*2\s*events$/,
    /^free\s*1\s*visitors\s*1\s*events$/,
  ]);
  await photograph(page, testInfo, 'properties-values', properties);
  await properties.getByRole('button', { name: 'All properties' }).click();
  await expect(page).not.toHaveURL(/props_key=/);
  await expect(keyRows).toHaveCount(3);

  // The editor suggests the keys seen with their visitors, then the chosen key's values.
  await page.getByRole('region', { name: 'Filters' }).getByRole('button', { name: 'Add filter' }).click();
  const editor = page.getByRole('dialog', { name: 'Add a filter' });
  await editor.getByLabel('Filter by').selectOption({ label: 'Property' });
  const keySuggestions = editor.getByRole('list', { name: 'Properties seen' }).getByRole('button');
  await expect(keySuggestions).toHaveText([/plan · 3 visitors/, /format · 1 visitor$/, /seats · 1 visitor$/]);
  await photograph(page, testInfo, 'properties-filter-keys', editor);
  await editor.getByRole('button', { name: 'Choose plan, 3 visitors' }).click();
  await expect(editor.getByLabel('Property name')).toHaveValue('plan');
  await expect(editor.getByLabel('Values', { exact: true })).toBeFocused();
  const valueSuggestions = editor.getByRole('list', { name: 'Suggestions' }).getByRole('button');
  await expect(valueSuggestions).toHaveText([/pro · 2 visitors/, /free · 1 visitor$/]);
  await photograph(page, testInfo, 'properties-filter-editor', editor);
  await editor.getByRole('button', { name: 'Add pro, 2 visitors' }).click();
  await editor.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/[?&]prop%3Aplan=pro(&|$)/);
  await expect(page.getByRole('region', { name: 'Filters' })).toContainText('Property plan is pro');

  // Under the filter the keys are those of the visits kept: the two on pro.
  await expect(keyRows).toHaveText([
    /^plan\s*2\s*visitors\s*2\s*events$/,
    /^format\s*1\s*visitors\s*1\s*events$/,
    /^seats\s*1\s*visitors\s*1\s*events$/,
  ]);
});
