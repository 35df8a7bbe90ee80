// The test-site page's limits (docs/api.md, "Checking an installation"), as plain values.

export const RECENT_EVENTS_DEFAULT_LIMIT = 50;
export const RECENT_EVENTS_MAX_LIMIT = 100;
/** How far back the installation check looks. */
export const INSTALLATION_WINDOW_MINUTES = 30;
/** The most hostnames an installation check lists in one list. */
export const INSTALLATION_MAX_HOSTNAMES = 20;
/**
 * Where the dashboard's test page sends its events (its tracker's `data-api`): the ingestion endpoint's
 * twin, which stores them as test traffic, kept out of every figure.
 */
export const TEST_EVENTS_PATH = '/api/test-site/events';

/**
 * Automation that ingestion drops as a bot's whatever else its user agent says (besides isbot's list of
 * crawlers): headless browsers and test drivers. The test page warns a browser it matches, whose events are
 * answered 202 and never stored. Electron is deliberately absent: desktop apps that wrap a web app (and so
 * run the tracker for real people) send Electron's default user agent too.
 */
export const AUTOMATED_USER_AGENT =
  /headless|phantomjs|slimerjs|jsdom\/|puppeteer|playwright|selenium|webdriver/i;
