// The query benchmark's traffic: visits and events of a realistic site, written straight through the
// tracking repository in large batches (the import path enriches every line, which 10 million events do
// not need). Deterministic: the same seed gives the same data.
import { EVENT_KINDS, type EventWrite, type SessionWrite, type TrackingBatch } from '@footfall/db';
import { seededRandom as random } from '../../server/src/bootstrap/demo-traffic';

const DAY_MS = 86_400_000;
const HOST = 'shop.example.com';

/** Picks from `[value, weight]` pairs. */
function weighted<T>(choices: readonly (readonly [T, number])[]): (rand: () => number) => T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  return (rand) => {
    let left = rand() * total;
    for (const [value, weight] of choices) {
      left -= weight;
      if (left < 0) return value;
    }
    return (choices.at(-1) as readonly [T, number])[0];
  };
}

/** 300 paths whose popularity follows Zipf's law, as pages of real sites do. */
export const PAGES = [
  '/',
  '/pricing',
  '/blog',
  '/docs',
  '/about',
  '/contact',
  '/signup',
  '/login',
  ...Array.from({ length: 150 }, (_, i) => `/blog/post-${i + 1}`),
  ...Array.from({ length: 142 }, (_, i) => `/docs/section-${Math.floor(i / 10) + 1}/page-${(i % 10) + 1}`),
];
const pickPage = weighted(PAGES.map((page, rank) => [page, 1 / (rank + 1) ** 1.1] as const));

export const COUNTRIES = weighted([
  ['US', 30],
  ['DE', 9],
  ['GB', 8],
  ['FR', 6],
  ['IN', 6],
  ['CA', 4],
  ['NL', 3],
  ['BR', 3],
  ['ES', 3],
  ['IT', 3],
  ['JP', 3],
  ['AU', 2],
  ['PL', 2],
  ['SE', 2],
  ['CH', 1],
  ['MX', 1],
  ['KR', 1],
  ['TR', 1],
  [null, 2],
] as const);
const LANGUAGE_OF: Record<string, string> = {
  US: 'en-US',
  DE: 'de-DE',
  GB: 'en-GB',
  FR: 'fr-FR',
  IN: 'en-IN',
  CA: 'en-CA',
  NL: 'nl-NL',
  BR: 'pt-BR',
  ES: 'es-ES',
  IT: 'it-IT',
  JP: 'ja-JP',
  AU: 'en-AU',
  PL: 'pl-PL',
  SE: 'sv-SE',
  CH: 'de-CH',
  MX: 'es-MX',
  KR: 'ko-KR',
  TR: 'tr-TR',
};
const CLIENTS = weighted([
  [['Chrome', 'Windows', 'desktop'], 28],
  [['Chrome', 'macOS', 'desktop'], 10],
  [['Safari', 'macOS', 'desktop'], 8],
  [['Edge', 'Windows', 'desktop'], 6],
  [['Firefox', 'Windows', 'desktop'], 4],
  [['Firefox', 'Linux', 'desktop'], 2],
  [['Mobile Safari', 'iOS', 'mobile'], 18],
  [['Mobile Chrome', 'Android', 'mobile'], 17],
  [['Samsung Internet', 'Android', 'mobile'], 3],
  [['Mobile Safari', 'iOS', 'tablet'], 3],
  [['Chrome', 'Android', 'tablet'], 1],
] as const);

interface Origin {
  source: string;
  referrer: string | null;
  utm?: [string, string, string];
}
const CAMPAIGNS = ['spring_sale', 'launch', 'weekly_digest', 'retargeting', 'black_friday', 'webinar'];
const ORIGINS = weighted<(rand: () => number) => Origin>([
  [() => ({ source: 'Direct / None', referrer: null }), 35],
  [() => ({ source: 'Google', referrer: 'google.com' }), 30],
  [() => ({ source: 'Bing', referrer: 'bing.com' }), 3],
  [() => ({ source: 'DuckDuckGo', referrer: 'duckduckgo.com' }), 2],
  [() => ({ source: 'Facebook', referrer: 'facebook.com' }), 4],
  [() => ({ source: 'X', referrer: 't.co' }), 2],
  [() => ({ source: 'LinkedIn', referrer: 'linkedin.com' }), 2],
  [() => ({ source: 'Reddit', referrer: 'reddit.com/r/webdev/comments' }), 2],
  [() => ({ source: 'Hacker News', referrer: 'news.ycombinator.com/item' }), 1],
  [() => ({ source: 'GitHub', referrer: 'github.com/footfall/footfall' }), 1],
  [
    (rand) => {
      const host = `blog-${Math.floor(rand() ** 2 * 200)}.example`;
      return { source: host, referrer: `${host}/posts/${Math.floor(rand() * 20)}` };
    },
    10,
  ],
  [
    (rand) => {
      const campaign = CAMPAIGNS[Math.floor(rand() * CAMPAIGNS.length)] as string;
      return { source: 'newsletter', referrer: null, utm: ['newsletter', 'email', campaign] };
    },
    8,
  ],
]);
const EVENT_NAMES = weighted([
  ['signup', 4],
  ['add_to_cart', 3],
  ['download', 2],
  ['newsletter', 2],
  ['contact', 1],
] as const);

const PLANS = weighted([
  ['free', 6],
  ['pro', 3],
  ['team', 1],
] as const);

/** A custom event's properties, as sites send them: a plan on sign-ups, a product on carts. */
function propsOf(name: string, rand: () => number): Record<string, string | number> | null {
  if (name === 'signup') return { plan: PLANS(rand) };
  if (name === 'add_to_cart')
    return { product: `sku-${1 + Math.floor(rand() * 40)}`, quantity: 1 + Math.floor(rand() * 3) };
  return null;
}

/** Share of visits by local hour: quiet at night, busiest in the afternoon. */
const HOUR_WEIGHTS = Array.from(
  { length: 24 },
  (_, hour) => 1.2 + Math.cos(((hour - 14) / 24) * 2 * Math.PI),
);
const pickHour = weighted(HOUR_WEIGHTS.map((weight, hour) => [hour, weight] as const));

export interface DatasetShape {
  companyId: number;
  /** Events to write in all (pageviews, custom events, engagement pings). */
  events: number;
  days: number;
  /** The last day ends at `now`: its visits all start before it. UTC days. */
  now: number;
  seed: number;
}

/** Events a generated visit holds on average, to size each day's visits. */
const EVENTS_PER_VISIT = 4.1;

/** One visit and its events, appended to `batch`; answers how many events it wrote. */
function writeVisit(
  batch: TrackingBatch,
  rand: () => number,
  companyId: number,
  id: number,
  visitorId: number,
  startedAt: number,
): number {
  const visitor = random(visitorId);
  const country = COUNTRIES(visitor);
  const [browser, os, device] = CLIENTS(visitor);
  const origin = ORIGINS(rand)(rand);
  const first = batch.events.length;
  let ts = startedAt;
  let page = pickPage(rand);
  let pageviews = 0;
  let customs = 0;
  let engagedMs = 0;
  const entryPage = page;
  const pages = 1 + Math.min(19, Math.floor(Math.log(1 - rand()) / Math.log(0.55)));
  for (let i = 0; i < pages; i++) {
    if (i > 0) {
      ts += 5_000 + Math.floor(-Math.log(1 - rand()) * 40_000);
      page = pickPage(rand);
    }
    const event = (
      kind: number,
      name: string | null = null,
      engaged: number | null = null,
      props: Record<string, string | number> | null = null,
    ): EventWrite => ({
      companyId,
      ts,
      kind,
      name,
      hostname: HOST,
      pathname: page,
      visitorId,
      sessionId: id,
      props,
      engagedMs: engaged,
      scrollDepth: engaged === null ? null : Math.floor(rand() * 100),
    });
    batch.events.push(event(EVENT_KINDS.pageview));
    pageviews += 1;
    if (rand() < 0.12 / pages) {
      ts += 2_000;
      const name = EVENT_NAMES(rand);
      batch.events.push(event(EVENT_KINDS.event, name, null, propsOf(name, rand)));
      customs += 1;
    }
    if (rand() < 0.65) {
      const engaged = 1_000 + Math.floor(rand() * 60_000);
      ts += engaged;
      engagedMs += engaged;
      batch.events.push(event(EVENT_KINDS.engagement, null, engaged));
    }
  }
  const session: SessionWrite = {
    id,
    companyId,
    visitorId,
    startedAt: new Date(startedAt),
    lastActivityAt: new Date(ts),
    hostname: HOST,
    entryPage,
    exitPage: page,
    pageviews,
    events: customs,
    engagedMs,
    isBounce: pageviews === 1 && customs === 0,
    source: origin.source,
    referrer: origin.referrer,
    utmSource: origin.utm?.[0] ?? null,
    utmMedium: origin.utm?.[1] ?? null,
    utmCampaign: origin.utm?.[2] ?? null,
    utmContent: null,
    utmTerm: null,
    country,
    browser,
    os,
    device,
    language: country ? (LANGUAGE_OF[country] ?? null) : null,
  };
  batch.sessions.push(session);
  return batch.events.length - first;
}

const emptyBatch = (): TrackingBatch => ({ events: [], sessions: [], botHits: [], usage: [] });

/**
 * A company's traffic over `days` UTC days ending at `now`, in batches of about `batchEvents` events,
 * day by day. Weekends are quieter; visits never cross midnight, as live ones never do.
 */
export function* trafficOf(
  shape: DatasetShape,
  nextSessionId: () => number,
  batchEvents = 20_000,
): Generator<TrackingBatch> {
  const rand = random(shape.seed);
  const lastDayStart = Math.floor(shape.now / DAY_MS) * DAY_MS;
  let batch = emptyBatch();
  for (let d = 0; d < shape.days; d++) {
    const dayStart = lastDayStart - (shape.days - 1 - d) * DAY_MS;
    const weekday = new Date(dayStart).getUTCDay();
    // Visits start before 23:00 (and an hour before now, today), so that they end on their own day.
    const dayEnd = Math.min(dayStart + DAY_MS - 3_600_000, shape.now - 3_600_000);
    if (dayEnd <= dayStart) continue;
    const share = (dayEnd - dayStart) / (DAY_MS - 3_600_000);
    const budget = (shape.events / shape.days) * (weekday === 0 || weekday === 6 ? 0.75 : 1.1) * share;
    const visitors = Math.max(1, Math.round((budget / EVENTS_PER_VISIT) * 0.7));
    for (let written = 0; written < budget; ) {
      const startedAt = dayStart + pickHour(rand) * 3_600_000 + Math.floor(rand() * 3_600_000);
      if (startedAt >= dayEnd) continue;
      const visitorId = (d + 1) * 2 ** 24 + shape.companyId * 2 ** 40 + Math.floor(rand() * visitors);
      written += writeVisit(batch, rand, shape.companyId, nextSessionId(), visitorId, startedAt);
      if (batch.events.length >= batchEvents) {
        yield batch;
        batch = emptyBatch();
      }
    }
  }
  if (batch.events.length > 0) yield batch;
}
