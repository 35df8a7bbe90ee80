import { forIngestion } from '../ingest/company-cache';
import { type ImportDeps, type ImportLine, type ImportResult, importEvents } from '../ingest/import';

// Sample traffic for the demo company: 30 days of visits that look like a small product site's, written
// through the import path so they are enriched, sessionised and stored exactly like real ones.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const PAGES = [
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
const SOURCES = [
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

const COUNTRIES = [
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

const AGENTS = [
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

const LANGUAGES = [
  ['en-US', 40],
  ['en-GB', 10],
  ['de-DE', 12],
  ['fr-FR', 8],
  ['es-ES', 5],
  ['pt-BR', 4],
  ['ja-JP', 4],
] as const;

/** A small seeded PRNG (mulberry32), so every demo database looks alike. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function weighted<T extends readonly unknown[]>(
  rng: () => number,
  options: readonly T[],
  weightAt: number,
): T {
  const total = options.reduce((sum, option) => sum + (option[weightAt] as number), 0);
  let pick = rng() * total;
  for (const option of options) {
    pick -= option[weightAt] as number;
    if (pick < 0) return option;
  }
  return options[options.length - 1] as T;
}

/** Visitors per day: a weekday rhythm and a gentle growth over the month, plus noise. */
function visitorsOn(dayIndex: number, date: Date, rng: () => number): number {
  const weekday = date.getUTCDay();
  const weekFactor = weekday === 0 || weekday === 6 ? 0.6 : 1;
  return Math.round((90 + dayIndex * 3) * weekFactor * (0.85 + rng() * 0.3));
}

/** The sample events of 30 days up to `now`, in time order per visitor, as import lines. */
export async function* demoTrafficLines(host: string, now: number, seed = 2026): AsyncGenerator<ImportLine> {
  const rng = random(seed);
  let line = 0;
  for (let dayIndex = 0; dayIndex < 30; dayIndex++) {
    const dayStart = now - (30 - dayIndex) * DAY;
    const visitors = visitorsOn(dayIndex, new Date(dayStart), rng);
    for (let v = 0; v < visitors; v++) {
      const [ua, , width] = weighted(rng, AGENTS, 1);
      const [referrer, utmSource, utmMedium, utmCampaign] = weighted(rng, SOURCES, 4);
      const [country] = weighted(rng, COUNTRIES, 1);
      const [language] = weighted(rng, LANGUAGES, 1);
      const visitor = `demo-${dayIndex}-${v}`;
      const utm = utmSource
        ? `?utm_source=${utmSource}&utm_medium=${utmMedium}&utm_campaign=${utmCampaign}`
        : '';
      let ts = Math.round(dayStart + rng() * (DAY - 2 * 60 * MINUTE));
      if (ts > now - MINUTE) continue;
      const pageviews = rng() < 0.45 ? 1 : 2 + Math.floor(rng() * 5);
      const common = { visitor, user_agent: ua, country, language, screen_width: width };
      for (let p = 0; p < pageviews && ts < now; p++) {
        const [path] = p === 0 && utm ? ['/'] : weighted(rng, PAGES, 1);
        const url = `https://${host}${path}${p === 0 ? utm : ''}`;
        const first = p === 0 && referrer ? { referrer } : {};
        line += 1;
        yield { line, record: { ...common, ...first, timestamp: ts, type: 'pageview', url } };
        const engaged = Math.round(5_000 + rng() * 120_000);
        if (path === '/pricing' && rng() < 0.25) {
          const plan = rng() < 0.6 ? 'starter' : 'business';
          line += 1;
          yield {
            line,
            record: {
              ...common,
              timestamp: ts + 20_000,
              type: 'event',
              name: 'Signup',
              url,
              props: { plan },
            },
          };
        }
        if (path === '/docs/install' && rng() < 0.3) {
          line += 1;
          const download = `https://${host}/downloads/footfall.tar.gz`;
          yield {
            line,
            record: {
              ...common,
              timestamp: ts + 15_000,
              type: 'event',
              name: 'File Download',
              url,
              props: { url: download },
            },
          };
        }
        line += 1;
        yield {
          line,
          record: {
            ...common,
            timestamp: ts + engaged,
            type: 'engagement',
            url,
            engaged_ms: engaged,
            scroll_depth: Math.round(20 + rng() * 80),
          },
        };
        ts += engaged + 2_000 + Math.round(rng() * 60_000);
      }
    }
  }
}

/** Imports the sample traffic into the demo company; answers what was stored. */
export async function seedDemoTraffic(
  deps: ImportDeps,
  companyTrackingKey: string,
  now: number,
  signal?: AbortSignal,
): Promise<ImportResult> {
  const company = await deps.repos.tracking.findCompanyByTrackingKey(companyTrackingKey);
  if (!company) throw new Error('The demo company is missing.');
  const host = company.website ? new URL(company.website).hostname : 'demo.footfall.example';
  return importEvents(deps, forIngestion(company), demoTrafficLines(host, now), {
    now,
    ...(signal && { signal }),
  });
}
