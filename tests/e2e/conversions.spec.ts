// Conversions in Chromium against the real server: goals and a funnel defined on the screens, their steps
// fired by a visitor's browser on a page that embeds the snippet (the real tracker), then the Goals panel,
// a goal filter, the Properties panel, the pages' engagement and the Funnels screen read back against the
// API's answers; what a viewer sees; each screen photographed at both widths.
import { randomBytes } from 'node:crypto';
import type {
  FunnelAnswer,
  FunnelListAnswer,
  FunnelReportAnswer,
  GoalAnswer,
  GoalListAnswer,
} from '@footfall/contract';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import {
  type Account,
  apiAnalytics,
  apiCall,
  captureScreens,
  expect,
  expectAccessible,
  signIn,
  test,
  verifiedAccount,
} from './support/dashboard';
import { readEnvironment } from './support/environment';
import { expectFitsWidth, LONG, longNamedCompany, PHONE } from './support/mobile';
import { firstSiteOf, joinTeam } from './support/team';

/**
 * Serves `http://{host}/…` in this context as the customer's site: every path a page with the snippet in its
 * head, tall enough to scroll, and a sign-up button that sends the `Signup` custom event with a property.
 * The tracker ignores automated browsers unless the snippet carries `data-allow-localhost`.
 */
async function serveSite(context: BrowserContext, host: string, trackingKey: string): Promise<void> {
  const { server } = readEnvironment();
  await context.route(`http://${host}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="en"><head><title>Shop ${path}</title>
<script defer src="${server}/t.js" data-company="${trackingKey}" data-allow-localhost></script></head>
<body><h1>The shop: ${path}</h1>
<button type="button" onclick="footfall('Signup', {props: {plan: 'pro'}})">Sign up</button>
<p style="height: 2400px">Plans and prices.</p></body></html>`,
    });
  });
}

/** Opens a page of the customer's site and waits for its tracker. */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => typeof (window as { footfall?: unknown }).footfall === 'function');
}

/** Adds a goal through the settings' form (a page pattern or a custom event). */
async function addGoal(page: Page, name: string, goal: { page: string } | { event: string }): Promise<void> {
  const section = page.getByRole('region', { name: 'Goals' });
  const form = section.getByRole('form', { name: 'Add a goal' });
  await form.getByLabel('Counts').selectOption('page' in goal ? 'page' : 'event');
  await form.getByLabel('Goal name').fill(name);
  if ('page' in goal) await form.getByLabel('Page path').fill(goal.page);
  else await form.getByLabel('Event name').fill(goal.event);
  await form.getByRole('button', { name: 'Add goal' }).click();
  await expect(section.getByRole('status')).toHaveText(`The goal “${name}” was added.`);
}

const goalRows = (page: Page): Locator =>
  page.getByRole('region', { name: 'Goals' }).getByRole('list', { name: 'Goals' }).getByRole('listitem');

interface Site {
  owner: Account;
  companyId: number;
  token: string;
  host: string;
}

async function newSite(): Promise<Site> {
  const owner = await verifiedAccount('Conversions Owner');
  const { companyId, token } = await firstSiteOf(owner);
  return { owner, companyId, token, host: `shop-${randomBytes(4).toString('hex')}.example` };
}

async function trackingKeyOf(site: Site): Promise<string> {
  const { data } = await apiCall<{ data: { id: number; tracking_key: string }[] }>('GET', '/api/companies', {
    token: site.token,
  });
  const key = data.find((company) => company.id === site.companyId)?.tracking_key;
  if (!key) throw new Error('the site has no tracking key');
  return key;
}

test('goals and a funnel defined on the screens count what a real visitor did, and a goal row filters by it', async ({
  page,
  context,
  newVisitor,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const site = await newSite();
  const { companyId, token, host } = site;
  const key = await trackingKeyOf(site);
  await serveSite(context, host, key);

  // A first visit, before any goal: the dashboard has data, and its Goals panel says what to do next.
  const shopper = await context.newPage();
  await visit(shopper, `http://${host}/`);
  await expect
    .poll(async () => (await apiAnalytics(token, companyId)).summary.pageviews, { timeout: 15_000 })
    .toBe(1);
  await signIn(page, site.owner.email, site.owner.password);
  await page.goto(`/dashboard/${companyId}`);
  const goalsPanel = page.getByRole('region', { name: 'Goals' });
  await expect(goalsPanel).toContainText('No goals yet.');
  await goalsPanel.getByRole('link', { name: 'Add a goal in Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`/user-profile/${companyId}/goals$`));

  // A viewer of the site is told who defines goals, with no link to settings they cannot change.
  const viewer = await verifiedAccount('Conversions Viewer');
  await joinTeam(token, companyId, viewer, 'viewer');
  const viewerContext = await browser.newContext({ baseURL: readEnvironment().server });
  const viewerPage = await viewerContext.newPage();
  await signIn(viewerPage, viewer.email, viewer.password);
  await viewerPage.goto(`/dashboard/${companyId}`);
  const viewerGoals = viewerPage.getByRole('region', { name: 'Goals' });
  await expect(viewerGoals).toContainText('An owner or admin of this site can define them in its settings');
  await expect(viewerGoals.getByRole('link')).toHaveCount(0);

  // The funnels screen asks for goals first.
  await page.goto(`/dashboard/${companyId}/funnels`);
  await expect(page.getByRole('heading', { name: 'No goals yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add goals in Settings' })).toBeVisible();

  // Three goals in the settings: two pages and a custom event.
  await page.goto(`/user-profile/${companyId}/goals`);
  await addGoal(page, 'Visited pricing', { page: '/pricing' });
  await addGoal(page, 'Visited signup', { page: '/signup' });
  await addGoal(page, 'Signed up', { event: 'Signup' });

  // A three-step funnel on the Funnels tab: the steps added, moved and removed before it is saved.
  await page
    .getByRole('navigation', { name: 'Company sections' })
    .getByRole('link', { name: 'Funnels' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/funnels$`));
  await expect(page.getByRole('heading', { name: 'No funnels yet' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New funnel' });
  await form.getByRole('button', { name: 'Save funnel' }).click();
  await expect(form.getByLabel('Funnel name')).toHaveAccessibleDescription(/required/);
  await form.getByLabel('Funnel name').fill('Pricing to sign-up');
  await expect(form.getByLabel('Step 1', { exact: true })).toHaveValue(
    await goalIdOf(token, companyId, 'Visited pricing'),
  );
  await form.getByLabel('Step 2', { exact: true }).selectOption({ label: 'Signed up' });
  await form.getByRole('button', { name: 'Add a step' }).click();
  await form.getByLabel('Step 3', { exact: true }).selectOption({ label: 'Visited signup' });
  await expect(form.getByLabel('Step 3', { exact: true })).toHaveAccessibleDescription('Pageview of /signup');
  await form.getByRole('button', { name: 'Move step 3 up' }).click();
  await expect(form.getByLabel('Step 2', { exact: true })).toHaveAccessibleDescription('Pageview of /signup');
  await expect(form.getByLabel('Step 3', { exact: true })).toHaveAccessibleDescription('Event “Signup”');
  await form.getByRole('button', { name: 'Add a step' }).click();
  await expect(form.getByLabel('Step 4', { exact: true })).toBeVisible();
  await form.getByRole('button', { name: 'Remove step 4' }).click();
  await expect(form.getByLabel('Step 4', { exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Save funnel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/funnels/\\d+$`));
  const funnels = await apiCall<FunnelListAnswer>('GET', `/api/companies/${companyId}/funnels`, { token });
  const goals = await apiCall<GoalListAnswer>('GET', `/api/companies/${companyId}/goals`, { token });
  const idOf = (name: string) => goals.data.find((goal) => goal.name === name)?.id;
  expect(funnels.data.map((funnel) => [funnel.name, funnel.steps])).toEqual([
    ['Pricing to sign-up', [idOf('Visited pricing'), idOf('Visited signup'), idOf('Signed up')]],
  ]);
  const funnelId = funnels.data[0]?.id ?? 0;
  await expect(page.getByText('No visitor reached the first step in this period.')).toBeVisible();

  // The steps, from the customer's site: one visitor goes all the way and signs up, another only sees the
  // prices. Leaving a page reports its engagement.
  await visit(shopper, `http://${host}/pricing`);
  await shopper.mouse.wheel(0, 1200);
  await shopper.waitForTimeout(300);
  await visit(shopper, `http://${host}/signup`);
  await shopper.getByRole('button', { name: 'Sign up' }).click();
  await shopper.close({ runBeforeUnload: true });
  const other = await newVisitor();
  await serveSite(other, host, key);
  const browsing = await other.newPage();
  await visit(browsing, `http://${host}/pricing`);
  await browsing.close({ runBeforeUnload: true });

  const expected = [
    ['Visited pricing', 2, 2, 100],
    ['Signed up', 1, 1, 50],
    ['Visited signup', 1, 1, 50],
  ];
  await expect
    .poll(
      async () =>
        (await apiAnalytics(token, companyId)).goals.map((goal) => [
          goal.name,
          goal.visitors,
          goal.events,
          goal.conversion_rate,
        ]),
      { timeout: 20_000 },
    )
    .toEqual(expected);

  // The Goals panel shows what the API answers.
  await page.goto(`/dashboard/${companyId}`);
  await expect(goalRows(page)).toHaveText([
    /^Visited pricing\s*2\s*unique conversions\s*2\s*conversions\s*100\.0%\s*conversion rate/,
    /^Signed up\s*1\s*unique conversions\s*1\s*conversions\s*50\.0%\s*conversion rate/,
    /^Visited signup\s*1\s*unique conversions\s*1\s*conversions\s*50\.0%\s*conversion rate/,
  ]);
  await expectAccessible(page);
  await page.getByRole('region', { name: 'Goals' }).scrollIntoViewIfNeeded();
  await captureScreens(page, testInfo, 'goals-panel');

  // A goal row keeps the visits that converted on it: the pill names it, the chart reads as conversions.
  await goalRows(page)
    .getByRole('button', { name: /^Signed up/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`[?&]goal=${idOf('Signed up')}(&|$)`));
  await expect(page.getByRole('region', { name: 'Filters' })).toContainText('Goal is Signed up');
  await expect(page.getByRole('heading', { name: 'Conversions of Signed up' })).toBeVisible();
  await expect(goalRows(page).getByRole('button', { name: /^Signed up/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const converted = await apiAnalytics(token, companyId, { goal: String(idOf('Signed up')) });
  expect(converted.summary.visitors).toBe(1);
  await expect(page.getByRole('list', { name: 'Summary' }).getByRole('button').first()).toContainText('1');

  // The Properties panel lists the values of a property of the custom events; a value filters by it.
  const properties = page.getByRole('region', { name: 'Properties' });
  await properties.getByLabel('Property key', { exact: true }).fill('plan');
  await properties.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/[?&]props_key=plan(&|$)/);
  const values = properties.getByRole('list', { name: 'Values of plan' }).getByRole('listitem');
  await expect(values).toHaveText([/^pro\s*1\s*visitors\s*1\s*events/]);
  await values.getByRole('button', { name: /^pro/ }).click();
  await expect(page).toHaveURL(/[?&]prop%3Aplan=pro(&|$)/);
  await expect(page.getByRole('region', { name: 'Filters' })).toContainText('Property plan is pro');
  await page.getByRole('button', { name: 'Remove filter Property plan is pro' }).click();
  await page.getByRole('button', { name: 'Remove filter Goal is Signed up' }).click();
  await expect(page).not.toHaveURL(/goal=|prop%3A/);

  // Engagement: the pages' table has time on page and scroll depth, and a page filter adds them to the
  // summary.
  // Pings arrive as the visitors' tabs close, and today's unfiltered figures are rebuilt at most every 5 s
  // (a filtered query reads the rows themselves): wait until the pages' row and the summary of a page
  // filter agree, so that the screens below read settled figures.
  let pricing: { time_on_page?: number | null; scroll_depth?: number | null } | undefined;
  await expect
    .poll(
      async () => {
        const [all, filtered] = await Promise.all([
          apiAnalytics(token, companyId),
          apiAnalytics(token, companyId, { page: '/pricing' }),
        ]);
        pricing = all.breakdowns.pages.find((row) => row.value === '/pricing');
        return (
          pricing?.time_on_page !== null &&
          pricing?.time_on_page === filtered.summary.time_on_page &&
          pricing?.scroll_depth === filtered.summary.scroll_depth
        );
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  await page.goto(`/dashboard/${companyId}/detail`);
  const table = page.getByRole('region', { name: 'Top pages' });
  await expect(table.getByRole('columnheader', { name: /Time on page/ })).toBeVisible();
  await expect(table.getByRole('row', { name: /\/pricing/ })).toContainText(`${pricing?.scroll_depth}%`);
  await page.goto(`/dashboard/${companyId}?page=%2Fpricing`);
  const summary = page.getByRole('list', { name: 'Summary' });
  await expect(summary.getByRole('listitem').filter({ hasText: 'Time on page' })).toBeVisible();
  await expect(summary.getByRole('listitem').filter({ hasText: 'Scroll depth' })).toContainText(
    `${pricing?.scroll_depth}%`,
  );

  // The Funnels screen reports the funnel over the period and filters, as the API does.
  const report = await apiCall<FunnelReportAnswer>(
    'GET',
    `/api/companies/${companyId}/funnels/${funnelId}/report?period=30d`,
    { token },
  );
  expect(report.data.steps.map((step) => [step.visitors, step.dropoff, step.dropoff_rate])).toEqual([
    [2, 0, 0],
    [1, 1, 50],
    [1, 0, 0],
  ]);
  expect(report.data.conversion_rate).toBe(50);
  await page.goto(`/dashboard/${companyId}/funnels`);
  const panel = page.locator('.funnel-panel');
  await expect(panel.getByLabel('Funnel', { exact: true })).toHaveValue(String(funnelId));
  await expect(panel.locator('.funnel-headline')).toContainText('50.0%');
  await expect(panel.locator('.funnel-headline')).toContainText(
    '1 of the 2 visitors who reached “Visited pricing” went through all 3 steps.',
  );
  await expect(panel.getByRole('table').getByRole('row')).toHaveText([
    /Step.*Visitors.*Drop-off.*Drop-off %/,
    /1\s*Visited pricing.*Pageview of \/pricing\s*2\s*—\s*—/,
    /2\s*Visited signup.*Pageview of \/signup\s*1\s*1\s*50\.0%/,
    /3\s*Signed up.*Event “Signup”\s*1\s*0\s*0\.0%/,
  ]);
  const chart = panel.locator('svg[data-chart="funnel"]');
  await expect(chart).toHaveAttribute(
    'aria-label',
    'Funnel of 3 steps: 1. Visited pricing: 2 visitors (100.0%); 2. Visited signup: 1 visitor (50.0%), 1 dropped off; 3. Signed up: 1 visitor (50.0%), 0 dropped off',
  );
  await expect(chart.locator('.ff-funnel-bar')).toHaveCount(3);
  // The chart is as wide as the steps' table under it.
  const tableWidth = (await panel.getByRole('table').boundingBox())?.width ?? 0;
  await expect.poll(async () => (await chart.boundingBox())?.width ?? 0).toBeGreaterThan(tableWidth * 0.95);
  await expect(chart).toContainText('−1 · 50.0%');
  // Its period follows the picker, shared with the overview.
  await page.getByLabel('Period', { exact: true }).selectOption('yesterday');
  await expect(page).toHaveURL(new RegExp(`/dashboard/${companyId}/funnels/?\\?period=yesterday$`));
  await expect(page.getByText('No visitor reached the first step in this period.')).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('30d');
  await expect(panel.locator('.funnel-headline')).toContainText('50.0%');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'funnels');
  await page.emulateMedia({ colorScheme: 'dark' });
  await captureScreens(page, testInfo, 'funnels-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The viewer reads the funnel, with nothing to create or delete.
  await viewerPage.goto(`/dashboard/${companyId}/funnels`);
  await expect(viewerPage.locator('.funnel-headline')).toContainText('50.0%');
  await expect(viewerPage.getByRole('form', { name: 'New funnel' })).toHaveCount(0);
  await expect(viewerPage.getByRole('button', { name: /Delete the funnel/ })).toHaveCount(0);
  await viewerContext.close();

  // The owner deletes it: the screen is back to its empty state, and the server holds no funnel.
  await page.getByRole('button', { name: 'Delete the funnel Pricing to sign-up' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this funnel?' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(page.getByRole('heading', { name: 'No funnels yet' })).toBeVisible();
  const left = await apiCall<FunnelListAnswer>('GET', `/api/companies/${companyId}/funnels`, { token });
  expect(left.data).toEqual([]);
});

async function goalIdOf(token: string, companyId: number, name: string): Promise<string> {
  const goals = await apiCall<GoalListAnswer>('GET', `/api/companies/${companyId}/goals`, { token });
  return String(goals.data.find((goal) => goal.name === name)?.id ?? '');
}

test('the Goals and Properties panels and the Funnels screen fit a phone with long names', async ({
  page,
}, testInfo) => {
  const { account, token, companyId } = await longNamedCompany();
  const goal = async (body: object) =>
    (await apiCall<GoalAnswer>('POST', `/api/companies/${companyId}/goals`, { token, body })).data.id;
  const first = await goal({ name: `Read the signed copies of ${LONG.company}`, page_path: `${LONG.path}*` });
  const second = await goal({ name: `Signed up: ${LONG.event}`, event_name: LONG.event });
  const { data: funnel } = await apiCall<FunnelAnswer>('POST', `/api/companies/${companyId}/funnels`, {
    token,
    body: { name: `From the first editions to the newsletter of ${LONG.company}`, steps: [first, second] },
  });
  await signIn(page, account.email, account.password);
  await page.setViewportSize(PHONE);

  await page.goto(`/dashboard/${companyId}?props_key=plan_chosen_at_checkout`);
  await expect(goalRows(page)).toHaveCount(2);
  const values = page.getByRole('list', { name: 'Values of plan_chosen_at_checkout' }).getByRole('listitem');
  await expect(values).toHaveText([new RegExp(`^${LONG.prop}`)]);
  await expectFitsWidth(page, 'conversion panels');
  await page.getByRole('region', { name: 'Goals' }).scrollIntoViewIfNeeded();
  await captureScreens(page, testInfo, 'goals-panel-long');
  await page.setViewportSize(PHONE);

  await page.goto(`/dashboard/${companyId}/funnels/${funnel.id}`);
  await expect(page.locator('svg[data-chart="funnel"] .ff-funnel-bar')).toHaveCount(2);
  // A name too long for its row is cut with an ellipsis, and whole in its tooltip.
  const drawn = await page
    .locator('svg[data-chart="funnel"] .ff-funnel-name')
    .first()
    .evaluate((text) => text.textContent ?? '');
  expect(drawn).toMatch(/^1\. Read the signed .*…$/);
  await expect(page.locator('svg[data-chart="funnel"] .ff-funnel-step > title').first()).toHaveText(
    `1. Read the signed copies of ${LONG.company}`,
  );
  await expectFitsWidth(page, 'funnels');
  await expectAccessible(page);
  await captureScreens(page, testInfo, 'funnels-long');
});
