// What the demo's sample traffic is drawn from, each option with its weight: the pages of a small product
// site, where visitors come from, and who they are.

export const PAGES = [
  ['/', 30],
  ['/pricing', 12],
  ['/features', 10],
  ['/blog', 8],
  ['/blog/privacy-first-analytics', 7],
  ['/blog/cookie-free-tracking', 5],
  ['/docs', 9],
  ['/docs/install', 6],
  ['/docs/api', 4],
  ['/about', 3],
  ['/signup', 6],
] as const;

/** [referrer, utm_source, utm_medium, utm_campaign, weight] */
export const SOURCES = [
  [undefined, undefined, undefined, undefined, 30],
  ['https://www.google.com/', undefined, undefined, undefined, 28],
  ['https://duckduckgo.com/', undefined, undefined, undefined, 6],
  ['https://www.bing.com/', undefined, undefined, undefined, 4],
  ['https://news.ycombinator.com/item', undefined, undefined, undefined, 6],
  ['https://www.reddit.com/r/selfhosted/', undefined, undefined, undefined, 5],
  ['https://github.com/', undefined, undefined, undefined, 5],
  ['https://t.co/', undefined, undefined, undefined, 4],
  ['https://www.linkedin.com/', undefined, undefined, undefined, 3],
  [undefined, 'newsletter', 'email', 'november-digest', 6],
  [undefined, 'producthunt', 'referral', 'launch-day', 3],
  ['https://indiehackers.com/post/analytics', undefined, undefined, undefined, 2],
] as const;

export const COUNTRIES = [
  ['US', 30],
  ['DE', 12],
  ['GB', 10],
  ['FR', 8],
  ['IN', 7],
  ['CA', 6],
  ['NL', 5],
  ['BR', 4],
  ['JP', 4],
  ['AU', 3],
  ['ES', 3],
  ['SE', 2],
] as const;

export const AGENTS = [
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    30,
    1920,
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Safari/605.1.15',
    14,
    1440,
  ],
  ['Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0', 7, 1920],
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.0.0',
    6,
    1536,
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    20,
    390,
  ],
  [
    'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36',
    15,
    412,
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    5,
    820,
  ],
] as const;

export const LANGUAGES = [
  ['en-US', 40],
  ['en-GB', 10],
  ['de-DE', 12],
  ['fr-FR', 8],
  ['es-ES', 5],
  ['pt-BR', 4],
  ['ja-JP', 4],
] as const;
