// Custom events (called directly and through the queue stub), tagged elements, outbound links, downloads.
import { readFileSync } from 'node:fs';
import { expect, test, waitForClickTracking } from './support/fixtures';

test('window.footfall sends a custom event with its properties', async ({ page, site }) => {
  await page.goto(site.url('/app/'));
  await site.expectPageviews(['/app/']);

  await page.getByRole('button', { name: 'New note' }).click();
  const event = await site.customEvent('Note created');
  // Numbers and booleans keep their types.
  expect(event).toMatchObject({
    pathname: '/app/',
    props: { template: 'meeting', words: 120, pinned: true },
  });
});

test('calls queued by the stub before t.js loads are replayed', async ({ page, site }) => {
  // t.js arrives late, so the welcome page's call is certainly made before the tracker exists.
  await page.route(`${site.environment.server}/t.js`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 300));
    await route.fallback();
  });
  await page.goto(site.url('/pricing.html'));
  await page.getByRole('combobox', { name: 'Plan' }).selectOption('team');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/welcome\.html\?.*plan=team/);

  const signup = await site.customEvent('signup');
  expect(signup).toMatchObject({ pathname: '/welcome.html', props: { plan: 'team' } });
  await site.expectPageviews(['/pricing.html', '/welcome.html']);
  // The tracker took over from the stub.
  expect(await page.evaluate(() => typeof window.footfall === 'function' && !window.footfall.q)).toBe(true);
  expect(await site.events((row) => row.kind === 'event')).toHaveLength(1);
});

test('a click on a tagged element sends its event and data-footfall-prop-* properties', async ({
  page,
  site,
}) => {
  await page.goto(site.url('/pricing.html'));
  await site.expectPageviews(['/pricing.html']);
  await waitForClickTracking(page);

  // The page changes a property before the click: it is read at click time.
  await page.getByLabel('Pay yearly').uncheck();
  await page.getByRole('button', { name: 'Start a Pro trial' }).click();
  const pro = await site.customEvent('Pricing CTA');
  expect(pro).toMatchObject({ pathname: '/pricing.html', props: { plan: 'pro', billing: 'monthly' } });

  // A right click is no click on the element; a left one on another button is.
  await page.getByRole('button', { name: 'Start a Team trial' }).click({ button: 'right' });
  await page.getByRole('button', { name: 'Start for free' }).click();
  await expect
    .poll(async () => (await site.events((row) => row.kind === 'event')).map((row) => row.props?.plan))
    .toEqual(['pro', 'free']);
  await site.settle();
  expect(await site.events((row) => row.kind === 'event')).toHaveLength(2);
});

test('a click on a link to another site sends an outbound click (data-outbound-links)', async ({
  page,
  site,
}) => {
  await page.goto(site.url('/'));
  await waitForClickTracking(page);
  // A link within the site is no outbound click.
  await page.getByRole('link', { name: 'See pricing' }).click();
  await expect(page).toHaveURL(/\/pricing\.html$/);
  await page.goBack();
  await site.expectPageviews(['/', '/pricing.html', '/']);

  await waitForClickTracking(page);
  await page.getByRole('link', { name: 'Browse note-taking projects on GitHub' }).click();
  await expect(page).toHaveURL('https://github.com/topics/note-taking');
  const outbound = await site.customEvent('Outbound Link: Click');
  expect(outbound).toMatchObject({
    pathname: '/',
    props: { url: 'https://github.com/topics/note-taking' },
  });
  await site.settle();
  expect(await site.events((row) => row.kind === 'event')).toHaveLength(1);
});

test('a click on a file link sends a download, and the file is real (data-file-downloads)', async ({
  page,
  site,
}) => {
  await page.goto(site.url('/'));
  await site.expectPageviews(['/']);
  await waitForClickTracking(page);

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download the PDF' }).click();
  const download = await downloading;
  expect(
    readFileSync(await download.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  const event = await site.customEvent('File Download');
  expect(event).toMatchObject({
    pathname: '/',
    props: { url: site.url('/files/lumen-notes-product-sheet.pdf') },
  });

  await page.goto(site.url('/docs.html'));
  await waitForClickTracking(page);
  const csv = page.waitForEvent('download');
  await page.getByRole('link', { name: 'export-sample.csv' }).click();
  await csv;
  await expect
    .poll(async () => (await site.events((row) => row.kind === 'event')).map((row) => row.props?.url))
    .toEqual([
      site.url('/files/lumen-notes-product-sheet.pdf'),
      site.url('/files/lumen-notes-export-sample.csv'),
    ]);
  // A download is not also an outbound click.
  await site.settle();
  const names = (await site.events((row) => row.kind === 'event')).map((row) => row.name);
  expect(names).toEqual(['File Download', 'File Download']);
});

test('outbound and download clicks are reported only where the snippet asks for them', async ({
  page,
  site,
}) => {
  // The help center's snippet has data-hash only: the click extension is not even loaded.
  await page.goto(site.url('/help/'));
  await site.expectPageviews(['/help/']);
  expect(await page.evaluate(() => window.__e2eLoadedScripts?.map((src) => new URL(src).pathname))).toEqual([
    '/t.js',
    '/help/help.js',
    '/widget.js',
  ]);
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'product sheet (PDF)' }).click();
  await downloading;
  await page.getByRole('link', { name: 'community on GitHub' }).click();
  await expect(page).toHaveURL('https://github.com/topics/note-taking');
  await site.settle();
  expect(await site.events((row) => row.kind === 'event')).toEqual([]);
});
