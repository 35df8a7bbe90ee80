// The host page's errors and the tracker's never meet: a page that throws is still tracked, and a tracker
// that cannot send raises nothing in the page. Every test also fails on any uncaught error or unhandled
// rejection in the page (support/fixtures.ts), except the host's own, whose messages start with "host:".
import type { Page } from '@playwright/test';
import { expect, test, waitForClickTracking } from './support/fixtures';

test("the host page's own errors do not stop tracking", async ({ page, site, pageErrors }) => {
  await page.addInitScript(() => {
    // Handlers of the host page that throw, registered before the tracker's, on the same events.
    addEventListener(
      'click',
      () => {
        throw new Error('host: click handler failed');
      },
      true,
    );
    addEventListener('popstate', () => {
      throw new Error('host: popstate handler failed');
    });
    addEventListener('DOMContentLoaded', () => {
      throw new Error('host: start-up failed');
    });
  });

  await page.goto(site.url('/pricing.html'));
  await waitForClickTracking(page);
  await page.getByRole('button', { name: 'Start a Pro trial' }).click();
  await site.customEvent('Pricing CTA');

  await page.goto(site.url('/app/'));
  await page.locator('.app-side').getByRole('link', { name: 'Quarterly planning' }).click();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All notes');

  // The host's own history errors still reach the host, and are no page views.
  const thrown = await page.evaluate(() => {
    try {
      history.pushState(null, '', 'https://elsewhere.example/page');
      return 'nothing';
    } catch (error) {
      return (error as Error).name;
    }
  });
  expect(thrown).toBe('SecurityError');
  await site.expectPageviews(['/pricing.html', '/app/', '/app/notes/1', '/app/']);

  const messages = pageErrors.map((error) => error.message);
  expect(messages).toContain('host: click handler failed');
  expect(messages).toContain('host: popstate handler failed');
  expect(messages).toContain('host: start-up failed');
});

/** Pages, SPA navigation, custom events and clicks, checking that the page keeps working. */
async function browse(page: Page, url: (path: string) => string): Promise<void> {
  await page.goto(url('/app/'));
  await expect.poll(() => page.evaluate(() => typeof window.footfall)).toBe('function');
  await page.locator('.app-side').getByRole('link', { name: 'Reading list' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reading list');
  await page.getByRole('button', { name: 'New note' }).click();
  await expect(page.getByText('New note created')).toBeVisible();
  expect(await page.evaluate(() => window.footfall?.('signup', { props: { plan: 'pro' } }))).toBeUndefined();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('All notes');
  await page.goto(url('/pricing.html'));
  await page.getByRole('button', { name: 'Start a Pro trial' }).click();
  await page.goto(url('/help/'));
  await page.locator('.app-side').getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Billing');
  await page.close({ runBeforeUnload: true });
}

const BROKEN_TRANSPORTS = {
  'sendBeacon and fetch throw': () => {
    Navigator.prototype.sendBeacon = () => {
      throw new Error('tracker: sendBeacon broken by the page');
    };
    window.fetch = () => {
      throw new Error('tracker: fetch broken by the page');
    };
  },
  'sendBeacon refuses and fetch rejects': () => {
    Navigator.prototype.sendBeacon = () => false;
    window.fetch = () => Promise.reject(new TypeError('tracker: fetch rejected'));
  },
  'no sendBeacon, and fetch rejects asynchronously': () => {
    // biome-ignore lint/suspicious/noExplicitAny: removing a built-in on purpose
    delete (Navigator.prototype as any).sendBeacon;
    window.fetch = () =>
      new Promise((_resolve, reject) => setTimeout(() => reject(new TypeError('tracker: network down')), 10));
  },
};

for (const [breakage, breakTransport] of Object.entries(BROKEN_TRANSPORTS)) {
  test(`a tracker that cannot send raises no error in the page (${breakage})`, async ({
    page,
    site,
    pageErrors,
  }) => {
    await page.addInitScript(breakTransport);
    await browse(page, (path) => site.url(path));
    await site.settle();
    expect(await site.events(), 'events that should have been impossible to send').toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}

test('without sendBeacon, events go out with fetch', async ({ page, site }) => {
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: removing a built-in on purpose
    delete (Navigator.prototype as any).sendBeacon;
  });
  await page.goto(site.url('/app/'));
  await page.locator('.app-side').getByRole('link', { name: 'Reading list' }).click();
  await page.getByRole('button', { name: 'New note' }).click();
  await site.expectPageviews(['/app/', '/app/notes/3']);
  await site.customEvent('Note created');
  // keepalive: the report of a closing page still arrives.
  await page.close({ runBeforeUnload: true });
  await site.waitForEvent('engagement on /app/notes/3', (row) => {
    return row.kind === 'engagement' && row.pathname === '/app/notes/3';
  });
});
