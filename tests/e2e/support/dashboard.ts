// The dashboard's end-to-end tests' fixtures and helpers: accounts made and signed in through the real API or the
// screens, the analytics as the server answers them, screenshots at both widths and the axe-core scan.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { AdminLoginAnswer, AnalyticsDetail, LoginAnswer, RegisterAnswer } from '@footfall/contract';
import { createDb, createRepositories } from '@footfall/db';
import type { Download, Page, TestInfo } from '@playwright/test';
import { decodeEnvelope } from '../../../dashboard/src/api/envelope';
import { ensureAdmin } from '../../../server/src/bootstrap/admin';
import { readEnvironment } from './environment';
import { test as base, expect } from './fixtures';
import { waitForLink } from './mailbox';

/** The widths every screen is looked at: a laptop and a small phone. */
export const SCREEN_WIDTHS = [1280, 375] as const;

/** A JSON call to the server (an enveloped answer is opened); throws on any answer that is not 2xx. */
export async function apiCall<T>(
  method: string,
  path: string,
  init: { token?: string; body?: unknown; forwardedFor?: string } = {},
): Promise<T> {
  const { server } = readEnvironment();
  const answer = await fetch(server + path, {
    method,
    headers: {
      accept: 'application/json',
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.forwardedFor ? { 'x-forwarded-for': init.forwardedFor } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
  if (!text) return undefined as T;
  const json: unknown = JSON.parse(text);
  return (typeof json === 'string' ? await decodeEnvelope<T>(json) : json) as T;
}

/** `POST /api/login`: the bearer token of a verified account. */
export async function apiToken(email: string, password: string): Promise<string> {
  const answer = await apiCall<LoginAnswer>('POST', '/api/login', { body: { email, password } });
  if (!answer.success) throw new Error(`${email} cannot sign in: ${answer.message}`);
  return answer.data.token;
}

/** The analytics detail as the server answers it, for comparing with what a screen shows. */
export async function apiAnalytics(token: string, companyId: number, query: Record<string, string> = {}) {
  const search = new URLSearchParams({ period: '30d', ...query });
  const answer = await apiCall<{ data: AnalyticsDetail }>(
    'GET',
    `/api/company-visitor-analytics-detail/${companyId}?${search}`,
    { token },
  );
  return answer.data;
}

export interface Account {
  email: string;
  password: string;
  userId: number;
}

/** A new, verified account (and its company), made through the API and the mailed link. */
export async function verifiedAccount(name = 'E2E User'): Promise<Account> {
  const email = `user-${randomBytes(5).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const answer = await apiCall<RegisterAnswer>('POST', '/api/register', {
    // Registrations are rationed per address (10 an hour); the e2e server trusts 127.0.0.1 as a proxy.
    forwardedFor: `10.${randomBytes(3).join('.')}`,
    body: { name, email, password, password_confirmation: password, company_name: `${name}'s site` },
  });
  if (!answer.success) throw new Error(answer.message);
  const { server, mailDir } = readEnvironment();
  const link = new URL(await waitForLink(mailDir, email, `${server}/email/verify/`, 1));
  await apiCall('POST', `/api${link.pathname}${link.search}`);
  return { email, password, userId: answer.data.user_id };
}

/** A new admin account, made in the server's database as `npm run admin:create` would. */
export async function newAdmin(): Promise<{ email: string; password: string }> {
  const email = `admin-${randomBytes(5).toString('hex')}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const db = await createDb(readEnvironment().databaseUrl);
  try {
    await ensureAdmin(createRepositories(db), { email, password });
  } finally {
    await db.close();
  }
  return { email, password };
}

/** `POST /api/admin/login`: an admin's bearer token. */
export async function adminToken(email: string, password: string): Promise<string> {
  const answer = await apiCall<AdminLoginAnswer>('POST', '/api/admin/login', { body: { email, password } });
  if (!answer.success) throw new Error(`${email} cannot sign in: ${answer.message}`);
  return answer.data.token;
}

/**
 * Signs in through the sign-in screen and waits for the dashboard: a site that never had a visit lands on
 * its setup first (the first-run screen), and several sites on the sites page; from either, the (first)
 * site's dashboard is opened.
 */
export async function signIn(page: Page, email: string, password: string, remember = false): Promise<void> {
  await page.goto('/session/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (remember) await page.getByLabel('Remember me for a year').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/(dashboard\/\d+|sites\/\d+\/setup|sites)$/);
  const setup = /\/sites\/(\d+)\/setup$/.exec(page.url());
  if (setup) await page.goto(`/dashboard/${setup[1]}`);
  // Several sites land on the sites page: go on to the first one's dashboard, as with one site.
  if (/\/sites$/.test(page.url())) {
    const first = page.getByRole('list', { name: 'Sites', exact: true }).getByRole('link').first();
    const id = /\/(?:dashboard|sites)\/(\d+)/.exec((await first.getAttribute('href')) ?? '')?.[1];
    await page.goto(`/dashboard/${id}`);
  }
  await page.waitForURL(/\/dashboard\/\d+$/);
  // The dashboard's data has arrived once its summary is drawn.
  await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
}

/** Signs in as the demo workspace's user (30 days of sample traffic). */
export async function signInAsDemo(page: Page): Promise<number> {
  const { demoEmail, demoPassword, demoCompanyId } = readEnvironment();
  await signIn(page, demoEmail, demoPassword);
  return demoCompanyId;
}

/**
 * Signs out from the header: in the analytics app through the user's menu (on a phone it is in the open
 * header menu, a list), elsewhere by the header's own button.
 */
export async function signOut(page: Page): Promise<void> {
  const banner = page.getByRole('banner');
  const phoneMenu = banner.getByRole('button', { name: 'Menu', exact: true });
  const userMenu = banner.getByRole('button', { name: /account menu/ });
  const button = banner.getByRole('button', { name: /Sign out/ });
  // The header is drawn with the page: wait for whichever of them it shows.
  await expect(phoneMenu.or(userMenu).or(button).first()).toBeVisible();
  if (await phoneMenu.isVisible()) await phoneMenu.click();
  if (await userMenu.isVisible()) await userMenu.click();
  await button.click();
  await expect(page).toHaveURL(/\/home$/);
}

/** The `token` cookie of the page's context, if any. */
export async function tokenCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'token');
}

/**
 * Screenshots of the page as it is, at 1280 and 375 px wide (full height), kept in the test's output and
 * attached to its report, after checking that nothing overflows sideways at that width. The viewport is put
 * back to 1280 px afterwards.
 */
export async function captureScreens(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  for (const width of SCREEN_WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    // Let charts measure their new width and redraw: each is drawn as wide as its frame again. A loaded
    // machine may take longer than a moment, and a shot taken meanwhile shows empty charts.
    await page.waitForTimeout(300);
    // Every plot holds its drawing: a plot between two measurements has none, and a shot then shows an
    // empty frame (seen once for the realtime chart right after a change of colour scheme).
    await page.waitForFunction(
      () =>
        [...document.querySelectorAll('.ff-chart-plot')].every(
          (plot) => plot.querySelector('svg') !== null,
        ) &&
        [...document.querySelectorAll('svg.ff-chart-svg')].every((svg) => {
          const frame = svg.parentElement?.getBoundingClientRect().width ?? 0;
          return Math.abs(Number(svg.getAttribute('width')) - Math.floor(frame)) <= 1;
        }),
    );
    // Nothing sticks out sideways, down to a small phone.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
      `${name} at ${width} px`,
    ).toBeLessThanOrEqual(width);
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name} at ${width} px`, { path, contentType: 'image/png' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** Clicks a button that downloads a file (an export) and answers the file the browser saved. */
export async function downloadFrom(
  page: Page,
  button: string,
): Promise<{ file: Buffer; download: Download }> {
  const started = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const saved = await started;
  return { file: await readFile(await saved.path()), download: saved };
}

/** Scans the page with axe-core (WCAG 2.1 A and AA) and fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
  expect(serious, `serious accessibility problems on ${page.url()}`).toEqual([]);
}

/** The suite's fixtures, with relative URLs (`page.goto('/home')`) pointing at the Footfall server. */
export const test = base.extend({
  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  baseURL: async ({}, use) => {
    await use(readEnvironment().server);
  },
});
export { expect };
