// The tests' fixtures: a browser context that looks like a desktop Chrome and never leaves the machine, the
// demo site's URLs, the stored rows of this test, and a watch on the page errors.

import { randomInt } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, test as base, expect, type Page } from '@playwright/test';
import { type StoredRow, storedEvents, storedSession } from './database';
import { otherChromeUserAgent, readEnvironment } from './environment';

export { expect };

/** How long an event may take to show up in the database: beacons are asynchronous. */
const ARRIVAL_TIMEOUT_MS = 10_000;
/** After the expected rows arrived, how long to wait for stragglers that should not exist. */
const SETTLE_MS = 400;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A page for an external site (outbound links): served by the test, nothing leaves the machine. */
const EXTERNAL_PAGE =
  '<!doctype html><title>External site</title><h1>An external site (stubbed by the tests)</h1>';

/** The demo site, and what the server stored for the company since the test started. */
export class Site {
  readonly environment = readEnvironment();

  constructor(
    /** When the test started: only rows stored from then on are this test's. */
    readonly since: Date,
  ) {}

  /** A URL of the demo site. */
  url(path: string): string {
    return new URL(path, this.environment.site).href;
  }

  /** This test's stored events, optionally only those that match. */
  async events(match: (row: StoredRow) => boolean = () => true): Promise<StoredRow[]> {
    return (await storedEvents(this.since)).filter(match);
  }

  /** The paths of this test's stored page views, in the order they were stored. */
  async pageviews(): Promise<string[]> {
    return (await this.events((row) => row.kind === 'pageview')).map((row) => row.pathname);
  }

  /**
   * Waits until the stored page views are exactly `paths`, then a little longer, and checks that no other
   * arrived meanwhile (a page view too many is a failure, not only a missing one). With `anyOrder`, the last
   * `anyOrder` paths may arrive in any order (page views sent in the same instant race to the server).
   */
  async expectPageviews(paths: string[], options: { anyOrder?: number } = {}): Promise<void> {
    const tail = options.anyOrder ?? 0;
    const normal = (list: string[]) =>
      tail > 1 ? [...list.slice(0, -tail), ...list.slice(-tail).sort()] : list;
    const expected = normal(paths);
    await expect
      .poll(async () => normal(await this.pageviews()), {
        timeout: ARRIVAL_TIMEOUT_MS,
        message: 'stored page views',
      })
      .toEqual(expected);
    await sleep(SETTLE_MS);
    expect(normal(await this.pageviews()), 'stored page views, a moment later').toEqual(expected);
  }

  /** Waits for the first stored event that matches, and answers it. */
  async waitForEvent(description: string, match: (row: StoredRow) => boolean): Promise<StoredRow> {
    let found: StoredRow | undefined;
    await expect
      .poll(
        async () => {
          found = (await this.events(match))[0];
          return found !== undefined;
        },
        { timeout: ARRIVAL_TIMEOUT_MS, message: `a stored ${description}` },
      )
      .toBe(true);
    return found as StoredRow;
  }

  /** Waits for a stored custom event of this name. */
  customEvent(name: string): Promise<StoredRow> {
    return this.waitForEvent(`"${name}" event`, (row) => row.kind === 'event' && row.name === name);
  }

  /** The visit of a stored event. */
  async visitOf(row: StoredRow) {
    const session = await storedSession(row.sessionId);
    if (!session) throw new Error(`no stored visit ${row.sessionId}`);
    return session;
  }

  /** Waits `SETTLE_MS`, for events that should not be stored to have had their chance. */
  settle(): Promise<void> {
    return sleep(SETTLE_MS);
  }
}

/** The bundles the server serves from the tracker build (tracker/dist). */
const BUNDLES = ['t.js', 't-clicks.js', 'widget.js'];

/**
 * What every browser context of the tests gets: links to other sites land on a stub page (the tests never
 * reach the internet; the in-process OpenID provider is not another site); scripts that finished loading are noted (see `waitForClickTracking`); and
 * FOOTFALL_E2E_TRACKER=DIR serves the bundles found in DIR in place of the server's, to run the suite
 * against another build of the tracker (e.g. a deliberately broken one, to see that the tests notice).
 */
async function prepareContext(context: BrowserContext): Promise<void> {
  const { server, site, oidcIssuer } = readEnvironment();
  // The OpenID provider's pages are the sign-in's own, served on this machine by the set-up.
  await context.route(
    (url) => url.origin !== server && url.origin !== site && url.origin !== oidcIssuer,
    (route) => route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: EXTERNAL_PAGE }),
  );
  await context.addInitScript(() => {
    window.__e2eLoadedScripts = [];
    document.addEventListener(
      'load',
      (event) => {
        if (event.target instanceof HTMLScriptElement) window.__e2eLoadedScripts?.push(event.target.src);
      },
      true,
    );
  });
  const build = process.env.FOOTFALL_E2E_TRACKER;
  for (const bundle of build ? BUNDLES : []) {
    const path = join(build as string, bundle);
    if (!existsSync(path)) continue;
    const body = readFileSync(path);
    await context.route(`${server}/${bundle}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/javascript; charset=utf-8',
        headers: { 'access-control-allow-origin': '*', 'cross-origin-resource-policy': 'cross-origin' },
        body,
      }),
    );
  }
}

/**
 * Waits until the tracker's click extension (t-clicks.js, which t.js loads when the snippet asks for click
 * tracking) has run: a click in the first instants after a page loaded may come before it, as for a visitor.
 */
export async function waitForClickTracking(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    (window.__e2eLoadedScripts ?? []).some((src) => new URL(src).pathname === '/t-clicks.js'),
  );
}

interface Fixtures {
  site: Site;
  /**
   * Opens a browser context as another visitor (another user agent, hence another visitor id and visits of
   * its own); closed at the end of the test.
   */
  newVisitor: () => Promise<BrowserContext>;
  /**
   * Uncaught errors and unhandled rejections of every page of the test. Every test fails on any of them,
   * except those a test throws on purpose as the host page, whose messages start with `host:`.
   */
  pageErrors: Error[];
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    await prepareContext(context);
    await use(context);
    // Close the pages here, so their last beacons (engagement on close) are stored before the next test
    // starts counting rows.
    for (const page of context.pages()) await page.close().catch(() => {});
    await sleep(SETTLE_MS);
  },

  newVisitor: async ({ browser }, use) => {
    const contexts: BrowserContext[] = [];
    await use(async () => {
      const context = await browser.newContext({
        userAgent: otherChromeUserAgent(randomInt(1000, 1_000_000)),
        locale: 'en-GB',
        timezoneId: 'UTC',
        viewport: { width: 1280, height: 800 },
      });
      contexts.push(context);
      await prepareContext(context);
      return context;
    });
    for (const context of contexts) await context.close();
    if (contexts.length > 0) await sleep(SETTLE_MS);
  },

  // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
  site: async ({}, use) => {
    await use(new Site(new Date()));
  },

  pageErrors: [
    async ({ context }, use) => {
      const errors: Error[] = [];
      context.on('weberror', (webError) => errors.push(webError.error()));
      await use(errors);
      const unexpected = errors.filter((error) => !error.message.startsWith('host:'));
      expect(
        unexpected.map((error) => error.message),
        'uncaught errors in the page',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
