// Sites in Chromium against the real server: a new user's first run (the setup that waits for the first
// pageview and opens the dashboard by itself), adding a second site, and the sites page with its figures.
import { randomBytes } from 'node:crypto';
import type { CompanyAnswer, CompanyListAnswer, RegisterAnswer } from '@footfall/contract';
import type { Page } from '@playwright/test';
import { apiCall, apiToken, captureScreens, expect, expectAccessible, test } from './support/dashboard';
import { readEnvironment } from './support/environment';
import { waitForLink } from './support/mailbox';

interface NewOwner {
  email: string;
  password: string;
  host: string;
}

/** A verified account whose first site is `https://{host}`, a host nobody else uses. */
async function ownerWithWebsite(name: string): Promise<NewOwner> {
  const tag = randomBytes(4).toString('hex');
  const email = `sites-${tag}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const host = `shop-${tag}.example`;
  const answer = await apiCall<RegisterAnswer>('POST', '/api/register', {
    body: {
      name,
      email,
      password,
      password_confirmation: password,
      company_name: `${name}'s shop`,
      website: `https://${host}`,
    },
  });
  if (!answer.success) throw new Error(answer.message);
  const { server, mailDir } = readEnvironment();
  const link = new URL(await waitForLink(mailDir, email, `${server}/email/verify/`, 1));
  await apiCall('POST', `/api${link.pathname}${link.search}`);
  return { email, password, host };
}

async function signInOnly(page: Page, owner: { email: string; password: string }): Promise<void> {
  await page.goto('/session/sign-in');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password', { exact: true }).fill(owner.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Serves `http://{host}/` in this browser as the customer's site: a page with the snippet in its head. The
 * snippet's script and the events go to the real Footfall server.
 */
async function serveSite(page: Page, host: string, snippet: string): Promise<void> {
  await page.context().route(`http://${host}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html><head><title>Shop</title>${snippet}</head><body><h1>The shop</h1></body></html>`,
    }),
  );
}

test('a new user lands on the setup of their site, which turns green at the first pageview and opens the dashboard', async ({
  page,
  context,
}, testInfo) => {
  const owner = await ownerWithWebsite('First Run');
  await signInOnly(page, owner);
  await page.waitForURL(/\/sites\/\d+\/setup$/);
  const companyId = Number(/\/sites\/(\d+)\/setup$/.exec(page.url())?.[1]);
  await expect(page.getByRole('heading', { name: "Set up First Run's shop" })).toBeVisible();
  const check = page.getByRole('region', { name: '2. Wait for the first pageview' });
  await expect(check.getByText(`Waiting for the first pageview from ${owner.host}…`)).toBeVisible();
  await expect(check.getByRole('listitem').filter({ hasText: `No events from ${owner.host}` })).toBeVisible();
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'site-setup');

  // The test page's events are test traffic: they never end the wait.
  const tester = await context.newPage();
  await tester.goto(`/test-site/${companyId}`);
  const frame = await (await tester.locator('iframe.test-frame').elementHandle())?.contentFrame();
  await expect(frame?.getByRole('status') ?? tester.locator('nothing')).toHaveText(/Tracker loaded/);
  await expect(
    tester.getByRole('region', { name: '4. Events as stored' }).getByText('Test', { exact: true }).first(),
  ).toBeVisible();
  await tester.close();
  await page.getByRole('button', { name: 'Check again' }).click();
  await expect(check.getByRole('listitem').filter({ hasText: `No events from ${owner.host}` })).toBeVisible();
  await expect(page).toHaveURL(/\/setup$/);

  // The snippet, as the page shows it (with automated browsers allowed, as this one is), on the shop's page.
  await page.getByRole('checkbox', { name: /data-allow-localhost/ }).check();
  const snippet = (await page.getByTestId('snippet').textContent()) ?? '';
  expect(snippet).toContain('data-allow-localhost');
  await serveSite(page, owner.host, snippet);
  const visitor = await context.newPage();
  // Over http: the server here is http, and an https page may not load its script (mixed content).
  await visitor.goto(`http://${owner.host}/`);
  await expect(visitor.getByRole('heading', { name: 'The shop' })).toBeVisible();

  await expect(page.getByText(`The first pageview from ${owner.host} is counted.`)).toBeVisible({
    timeout: 15_000,
  });
  await expect(check.getByRole('listitem').filter({ hasText: `received from ${owner.host}` })).toBeVisible();
  await page.waitForURL(new RegExp(`/dashboard/${companyId}$`), { timeout: 10_000 });
  await expect(page.getByRole('list', { name: 'Summary' })).toBeVisible();
  await visitor.close();
});

test('an owner adds a second site, and the sites page shows both, together and side by side', async ({
  page,
}, testInfo) => {
  const owner = await ownerWithWebsite('Two Sites');
  const token = await apiToken(owner.email, owner.password);
  const first = (await apiCall<CompanyListAnswer>('GET', '/api/companies', { token })).data[0];
  if (!first) throw new Error('no first site');
  // A month of traffic for the first site, so its card and the totals have something to show.
  const now = Date.now();
  const lines = Array.from({ length: 120 }, (_, i) =>
    JSON.stringify({
      timestamp: new Date(now - (i * 6 + 1) * 3_600_000).toISOString(),
      visitor: `v${i % 17}`,
      type: 'pageview',
      url: `https://${owner.host}/products/${i % 5}`,
    }),
  );
  const imported = await fetch(`${readEnvironment().server}/api/companies/${first.id}/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-ndjson' },
    body: lines.join('\n'),
  });
  expect(imported.status).toBe(200);

  await signInOnly(page, owner);
  await page.waitForURL(new RegExp(`/dashboard/${first.id}$`));
  await page.getByRole('combobox', { name: 'Switch site' }).selectOption({ label: 'Add a site…' });
  await page.waitForURL(/\/sites\/new$/);
  await expect(page.getByLabel('Time zone')).toHaveValue('UTC');
  await page.getByRole('button', { name: 'Add the site' }).click();
  await expect(page.getByText('The name field is required')).toBeVisible();
  await page.getByLabel('Name').fill('A second site with a rather long name for a small phone screen');
  await page.getByLabel('Domain').fill('not a domain');
  await expect(page.getByText('Enter the domain of your site, such as example.com.')).toBeVisible();
  await page.getByLabel('Domain').fill(`https://blog-${owner.host}/posts`);
  await page.getByLabel('Time zone').selectOption('Europe/Paris');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'add-site');
  await page.getByRole('button', { name: 'Add the site' }).click();
  await page.waitForURL(/\/sites\/\d+\/setup$/);
  const secondId = Number(/\/sites\/(\d+)\/setup$/.exec(page.url())?.[1]);
  const second = (await apiCall<CompanyAnswer>('GET', `/api/companies/${secondId}`, { token })).data;
  expect(second).toMatchObject({
    website: `https://blog-${owner.host}`,
    timezone: 'Europe/Paris',
    role: 'owner',
  });

  await page.goto('/sites');
  const cards = page.getByRole('list', { name: 'Sites', exact: true }).getByRole('listitem');
  await expect(cards).toHaveCount(2);
  const firstCard = cards.filter({ hasText: "Two Sites's shop" });
  await expect(firstCard.getByRole('img', { name: /Visitors, Last 30 days/ })).toBeVisible();
  await expect(
    cards.filter({ hasText: 'A second site' }).getByText('Waiting for the first pageview'),
  ).toBeVisible();
  const detail = await apiCall<{ data: { sites: { id: number; summary: { visitors: number } }[] } }>(
    'GET',
    '/api/sites/overview?period=30d',
    { token },
  );
  const visitors = detail.data.sites.find((site) => site.id === first.id)?.summary.visitors ?? -1;
  expect(visitors).toBeGreaterThan(0);
  const together = page.getByRole('list', { name: 'All sites together' });
  await expect(together.getByRole('listitem').filter({ hasText: 'Unique visitors' })).toContainText(
    String(visitors),
  );
  await expect(page.getByRole('table', { name: /Sites side by side/ }).getByRole('row')).toHaveCount(3);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'sites');

  // The card opens the site; a period changes every figure.
  await page.getByLabel('Period').selectOption('7d');
  await expect(page).toHaveURL(/[?&]period=7d/);
  await expect(firstCard.getByRole('img', { name: /Visitors, Last 7 days/ })).toBeVisible();
  await firstCard.getByRole('link', { name: "Two Sites's shop" }).click();
  await page.waitForURL(new RegExp(`/dashboard/${first.id}$`));
});

test('the whole way: sign up, add a site whose check turns green, invite a viewer, delete the site', async ({
  page,
  browser,
}, testInfo) => {
  // Three accounts, two browsers and a mailed invitation: 30–34 s beside another worker, so twice the default.
  test.setTimeout(120_000);
  const { server, mailDir } = readEnvironment();
  const tag = randomBytes(4).toString('hex');
  const email = `whole-${tag}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const host = `news-${tag}.example`;

  // Sign up on the screen, verify by the mailed link, sign in: the first run's setup.
  await page.goto('/session/sign-up');
  await page.getByLabel('Your name').fill('Whole Way');
  await page.getByLabel('Work email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByLabel('Company or site name').fill('Whole Way Shop');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await page.goto(await waitForLink(mailDir, email, `${server}/email/verify/`, 1));
  await expect(page.getByRole('heading', { name: 'Email verified' })).toBeVisible();
  await signInOnly(page, { email, password });
  await page.waitForURL(/\/sites\/\d+\/setup$/);

  // A second site, and its snippet on a page of its own host: the check turns green, the dashboard opens.
  await page.goto('/sites/new');
  await page.getByLabel('Name').fill('Whole Way News');
  await page.getByLabel('Domain').fill(host);
  await page.getByRole('button', { name: 'Add the site' }).click();
  await page.waitForURL(/\/sites\/\d+\/setup$/);
  const siteId = Number(/\/sites\/(\d+)\/setup$/.exec(page.url())?.[1]);
  await page.getByRole('checkbox', { name: /data-allow-localhost/ }).check();
  const snippet = (await page.getByTestId('snippet').textContent()) ?? '';
  const trackingKey = /data-company="([^"]+)"/.exec(snippet)?.[1] ?? '';
  await serveSite(page, host, snippet);
  const visitor = await page.context().newPage();
  await visitor.goto(`http://${host}/`);
  await expect(page.getByText(`The first pageview from ${host} is counted.`)).toBeVisible({
    timeout: 15_000,
  });
  await page.waitForURL(new RegExp(`/dashboard/${siteId}$`), { timeout: 10_000 });
  await visitor.close();

  // Invite a colleague from the site's settings: the mail arrives with its link.
  const colleague = await verifiedAccountFor(`colleague-${tag}@example.com`);
  await page.goto(`/user-profile/${siteId}/team`);
  const invitations = page.getByRole('region', { name: 'Invitations' });
  await invitations.getByLabel('Email address').fill(colleague.email);
  await invitations.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invitations.getByRole('status')).toHaveText(`Invitation sent to ${colleague.email}.`);
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'members');
  const link = await waitForLink(mailDir, colleague.email, `${server}/invitations/`, 2);

  // The colleague accepts, sees the dashboard as a viewer, and no settings.
  const theirs = await browser.newContext({ baseURL: server });
  const colleaguePage = await theirs.newPage();
  await colleaguePage.goto('/session/sign-in');
  await colleaguePage.getByLabel('Email').fill(colleague.email);
  await colleaguePage.getByLabel('Password', { exact: true }).fill(colleague.password);
  await colleaguePage.getByRole('button', { name: 'Sign in' }).click();
  await colleaguePage.waitForURL(/\/(dashboard\/\d+|sites\/\d+\/setup)$/);
  await colleaguePage.goto(link);
  await colleaguePage.getByRole('button', { name: 'Accept the invitation' }).click();
  await colleaguePage.waitForURL(new RegExp(`/dashboard/${siteId}$`));
  await expect(colleaguePage.getByRole('list', { name: 'Summary' })).toBeVisible();
  await expect(colleaguePage.getByRole('link', { name: 'Plans' })).toHaveCount(0);
  await colleaguePage.goto(`/user-profile/${siteId}`);
  await expect(colleaguePage.getByRole('region', { name: 'Team' })).toBeVisible();
  await expect(colleaguePage.getByRole('heading', { name: 'Company settings' })).toHaveCount(0);
  await expect(colleaguePage.getByRole('heading', { name: 'Stats API keys' })).toHaveCount(0);
  await colleaguePage.goto('/sites');
  await expect(colleaguePage.getByRole('list', { name: 'Sites', exact: true })).toContainText(
    'Whole Way News',
  );

  // The owner deletes the site: its key answers 404, and the colleague's sites page no longer lists it.
  await page.goto(`/user-profile/${siteId}/danger-zone`);
  const zone = page.getByRole('region', { name: 'Delete this site' });
  await zone.getByLabel("Type the site's name to confirm").fill('Whole Way News');
  await zone.getByRole('button', { name: 'Delete this site' }).click();
  await page.waitForURL(/\/(sites|home)$/);
  const tracked = await fetch(`${server}/api/save-company-visitor-analytics`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ company: trackingKey, type: 'pageview', url: `http://${host}/` }),
  });
  expect(tracked.status).toBe(404);
  await colleaguePage.reload();
  await expect(colleaguePage.getByRole('list', { name: 'Sites', exact: true })).not.toContainText(
    'Whole Way News',
  );
  await theirs.close();
});

/** A verified account with the given address (its own first site made at registration). */
async function verifiedAccountFor(email: string): Promise<{ email: string; password: string }> {
  const password = `pw-${randomBytes(8).toString('hex')}`;
  await apiCall<RegisterAnswer>('POST', '/api/register', {
    body: { name: 'Colleague', email, password, password_confirmation: password, company_name: 'Their own' },
  });
  const { server, mailDir } = readEnvironment();
  const link = new URL(await waitForLink(mailDir, email, `${server}/email/verify/`, 1));
  await apiCall('POST', `/api${link.pathname}${link.search}`);
  return { email, password };
}
