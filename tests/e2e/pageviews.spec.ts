// Page views: the first one, and every way a page changes in a single-page app (history and hash routing).
import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/** The web app's sidebar (its note titles also appear in the list of notes). */
const sidebar = (page: Page) => page.locator('.app-side');

test('the first page view names the page, and its referrer becomes the source of the visit', async ({
  newVisitor,
  site,
}) => {
  // A visitor of its own: this visit starts here, so it takes its source from this referrer.
  const page = await (await newVisitor()).newPage();
  await page.goto(site.url('/pricing.html?utm_campaign=spring-launch'), {
    referer: 'https://www.google.com/',
  });
  await site.expectPageviews(['/pricing.html']);
  const [pageview] = await site.events((row) => row.kind === 'pageview');
  expect(pageview).toMatchObject({ hostname: 'localhost', pathname: '/pricing.html' });
  const visit = await site.visitOf(pageview as NonNullable<typeof pageview>);
  expect(visit).toMatchObject({
    entryPage: '/pricing.html',
    source: 'Google',
    utmCampaign: 'spring-launch',
    browser: 'Chrome',
    device: 'desktop',
    language: 'en-GB',
    pageviews: 1,
  });
  expect(visit.referrer).toContain('google.com');
});

test('a pushState navigation is a page view', async ({ page, site }) => {
  await page.goto(site.url('/app/'));
  await site.expectPageviews(['/app/']);

  await sidebar(page).getByRole('link', { name: 'Quarterly planning' }).click();
  await expect(page).toHaveURL(/\/app\/notes\/1$/);
  await site.expectPageviews(['/app/', '/app/notes/1']);

  await sidebar(page).getByRole('link', { name: 'Reading list' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading list');
  await site.expectPageviews(['/app/', '/app/notes/1', '/app/notes/3']);
});

test('a replaceState that changes only the query is no page view', async ({ page, site }) => {
  await page.goto(site.url('/app/'));
  await site.expectPageviews(['/app/']);

  // Each keystroke replaces the URL's ?q=… on the same page.
  await page.getByRole('searchbox', { name: 'Filter notes' }).pressSequentially('plan');
  await expect(page).toHaveURL(/\/app\/\?q=plan$/);
  await site.settle();
  expect(await site.pageviews()).toEqual(['/app/']);

  // The next navigation counts, and only it.
  await page
    .locator('.note-list')
    .getByRole('link', { name: /Quarterly planning/ })
    .click();
  await site.expectPageviews(['/app/', '/app/notes/1']);
});

test('a replaceState to another path is a page view', async ({ page, site }) => {
  await page.goto(site.url('/app/notes/2'));
  await site.expectPageviews(['/app/notes/2']);

  // /app/settings is pushed, then the app redirects to its first tab with replaceState.
  await sidebar(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/profile$/);
  await site.expectPageviews(['/app/notes/2', '/app/settings', '/app/settings/profile'], { anyOrder: 2 });

  // Tabs switch with replaceState: no history entry, but another page.
  const afterRedirect = await site.pageviews();
  await page.getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/billing$/);
  await site.expectPageviews([...afterRedirect, '/app/settings/billing']);
});

test('back and forward (popstate) are page views', async ({ page, site }) => {
  await page.goto(site.url('/app/'));
  await sidebar(page).getByRole('link', { name: 'Quarterly planning' }).click();
  await expect(page).toHaveURL(/\/app\/notes\/1$/);
  await site.expectPageviews(['/app/', '/app/notes/1']);
  await sidebar(page).getByRole('link', { name: 'Interview: Dana' }).click();
  await expect(page).toHaveURL(/\/app\/notes\/2$/);
  await site.expectPageviews(['/app/', '/app/notes/1', '/app/notes/2']);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Quarterly planning');
  await site.expectPageviews(['/app/', '/app/notes/1', '/app/notes/2', '/app/notes/1']);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All notes');
  await site.expectPageviews(['/app/', '/app/notes/1', '/app/notes/2', '/app/notes/1', '/app/']);

  await page.goForward();
  await expect(page).toHaveURL(/\/app\/notes\/1$/);
  await site.expectPageviews([
    '/app/',
    '/app/notes/1',
    '/app/notes/2',
    '/app/notes/1',
    '/app/',
    '/app/notes/1',
  ]);
});

test('in-page anchors are no page views outside hash mode', async ({ page, site }) => {
  await page.goto(site.url('/docs.html'));
  await site.expectPageviews(['/docs.html']);

  // An anchor adds a history entry and fires hashchange and popstate; going back fires popstate again.
  await page.getByRole('link', { name: 'Keyboard shortcuts', exact: true }).click();
  await expect(page).toHaveURL(/#shortcuts$/);
  await page.goBack();
  await expect(page).toHaveURL(/docs\.html$/);
  await site.settle();
  expect(await site.pageviews()).toEqual(['/docs.html']);

  await page.getByRole('link', { name: 'Pricing', exact: true }).click();
  await site.expectPageviews(['/docs.html', '/pricing.html']);
});

test('hash routing (data-hash): each route is a page, back included', async ({ page, site }) => {
  await page.goto(site.url('/help/'));
  await site.expectPageviews(['/help/']);

  const topics = page.locator('.app-side');
  await topics.getByRole('link', { name: 'Keyboard shortcuts' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Keyboard shortcuts');
  await site.expectPageviews(['/help/', '/help/#/shortcuts']);

  await topics.getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/#\/billing$/);
  await site.expectPageviews(['/help/', '/help/#/shortcuts', '/help/#/billing']);

  await page.goBack();
  await expect(page).toHaveURL(/#\/shortcuts$/);
  await site.expectPageviews(['/help/', '/help/#/shortcuts', '/help/#/billing', '/help/#/shortcuts']);

  // A route loaded directly keeps its hash from the first page view on.
  await page.goto(site.url('/docs.html'));
  await page.goto(site.url('/help/#/getting-started'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Getting started');
  await site.expectPageviews([
    '/help/',
    '/help/#/shortcuts',
    '/help/#/billing',
    '/help/#/shortcuts',
    '/docs.html',
    '/help/#/getting-started',
  ]);
});
