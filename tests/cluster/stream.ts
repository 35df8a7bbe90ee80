// The traffic both runs of the cluster test replay: generated from a seed, so every run sends exactly the
// same requests at exactly the same (virtual) times. Visitors of three sites in three time zones visit on
// three days, come back within and after 30 minutes, send custom events and engagement pings (some of
// them long after their visit ended, which ingestion drops), and bots crawl along.

import { seededRandom } from '../../server/src/bootstrap/demo-traffic';

export interface SiteSpec {
  name: string;
  website: string;
  timezone: string;
}

/** Three sites whose local days start at different instants (New York also leaves summer time on Nov 1). */
export const SITES: SiteSpec[] = [
  { name: 'Alpha Outfitters', website: 'https://alpha.example', timezone: 'UTC' },
  { name: 'Beta Books', website: 'https://beta.example', timezone: 'America/New_York' },
  { name: 'Gamma Games', website: 'https://gamma.example', timezone: 'Asia/Tokyo' },
];

/** The first instant of the stream: 2026-10-31 00:00 UTC. */
export const STREAM_START = Date.UTC(2026, 9, 31);
const DAYS = 3;
/** Each day has traffic in four windows of an hour, starting at these UTC hours. */
const WINDOW_HOURS = [1, 7, 13, 19];
/** A window is 20 ticks three minutes apart: every request of a tick carries the same time. */
const TICKS_PER_WINDOW = 20;
const TICK_MS = 3 * 60_000;
/** 27 minutes: the longest pause inside a visit, just under the 30-minute timeout. */
const LONG_PAUSE = 9;
/** 33 minutes: a pause that ends a visit. */
const RETURN_PAUSE = 11;

export type EventType = 'pageview' | 'event' | 'engagement';

export interface StreamRequest {
  /** Index into SITES. */
  site: number;
  visitor: number;
  ip: string;
  userAgent: string;
  acceptLanguage: string;
  bot: boolean;
  /** Expected to be dropped quietly: an engagement ping with no visit open. */
  orphan: boolean;
  body: Record<string, unknown>;
  type: EventType;
}

export interface Tick {
  time: number;
  requests: StreamRequest[];
}

const USER_AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.0.0',
];
const BOT_AGENTS = [
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
];
const LANGUAGES = ['en-US,en;q=0.9', 'de-DE,de;q=0.8,en;q=0.5', 'ja-JP,ja;q=0.9', 'fr-FR,fr;q=0.9', 'pt-BR'];
/** Address blocks of several countries (the server's offline database tells which). */
const IP_BLOCKS = ['8.8', '81.2', '133.242', '5.9', '200.160', '91.198', '1.1'];
const PAGES = [
  '/',
  '/pricing',
  '/blog/fall-sale',
  '/blog/how-to',
  '/docs/start',
  '/about',
  '/signup',
  '/checkout',
];
const ENTRY_PAGES = ['/', '/', '/pricing', '/blog/fall-sale', '/blog/how-to', '/docs/start'];
const REFERRERS = [
  '',
  '',
  'https://www.google.com/',
  'https://www.google.com/',
  'https://www.bing.com/search?q=x',
  'https://news.ycombinator.com/item?id=42',
  'https://twitter.com/someone/status/1',
];
const CAMPAIGNS = [
  '',
  '',
  '',
  '?utm_source=newsletter&utm_medium=email&utm_campaign=fall',
  '?utm_source=twitter&utm_medium=social&utm_campaign=launch',
];

export interface StreamOptions {
  seed: number;
  visitorsPerSite: number;
  botsPerSite: number;
}

interface Hit {
  slot: number;
  request: StreamRequest;
}

/** The instant of a slot: window `slot / 20` (four a day), tick `slot % 20` in it. */
function slotTime(slot: number): number {
  const window = Math.floor(slot / TICKS_PER_WINDOW);
  const day = Math.floor(window / WINDOW_HOURS.length);
  const hour = WINDOW_HOURS[window % WINDOW_HOURS.length] ?? 0;
  return STREAM_START + day * 86_400_000 + hour * 3_600_000 + (slot % TICKS_PER_WINDOW) * TICK_MS;
}

const SLOTS = DAYS * WINDOW_HOURS.length * TICKS_PER_WINDOW;

const VISIT_TIMEOUT_MS = 30 * 60_000;

/**
 * Marks the engagement pings that find no visit open, which ingestion drops (docs/api.md, Ingestion): 30
 * minutes or more after the visitor's last activity, or on another local day of the site (the visitor id
 * changes at midnight). Besides the pings sent late on purpose, this catches a long visit that ran on into
 * the next window, hours later. `hits` are one visitor's, in time order.
 */
function markOrphanPings(hits: Hit[], timeZone: string): void {
  const dayOf = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  let last: { time: number; day: string } | undefined;
  for (const hit of hits) {
    const time = slotTime(hit.slot);
    const day = dayOf.format(time);
    const open = last !== undefined && time - last.time < VISIT_TIMEOUT_MS && day === last.day;
    if (hit.request.type === 'engagement' && !open) {
      hit.request.orphan = true;
      continue;
    }
    if (hit.request.type === 'engagement') hit.request.orphan = false;
    last = { time, day };
  }
}

/** The generated stream, grouped into ticks in time order; each visitor sends at most one request a tick. */
export function generateStream(options: StreamOptions): Tick[] {
  const random = seededRandom(options.seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const hits: Hit[] = [];
  let visitorNumber = 0;

  SITES.forEach((site, siteIndex) => {
    const trackingKey = `{site${siteIndex}}`;
    const total = options.visitorsPerSite + options.botsPerSite;
    for (let v = 0; v < total; v++) {
      visitorNumber++;
      const bot = v >= options.visitorsPerSite;
      const block = IP_BLOCKS[visitorNumber % IP_BLOCKS.length] ?? '8.8';
      const identity = {
        site: siteIndex,
        visitor: visitorNumber,
        ip: `${block}.${(visitorNumber >> 8) & 255}.${visitorNumber & 255}`,
        userAgent: bot ? pick(BOT_AGENTS) : pick(USER_AGENTS),
        acceptLanguage: pick(LANGUAGES),
        bot,
      };
      const screenWidth = identity.userAgent.includes('Mobile') ? 390 : 1440;
      const own: Hit[] = [];
      const add = (slot: number, type: EventType, body: Record<string, unknown>, orphan = false) =>
        own.push({
          slot,
          request: { ...identity, orphan, type, body: { company: trackingKey, type, ...body } },
        });
      const host = new URL(site.website).host;
      const url = (path: string, query = '') =>
        `https://${path.startsWith('/docs') ? `docs.${host}` : host}${path}${query}`;

      /** One visit from `start`: pageviews, pings and events on strictly later slots. Returns its last slot. */
      const visit = (start: number): number => {
        let slot = start;
        let page = pick(ENTRY_PAGES);
        add(slot, 'pageview', {
          url: url(page, pick(CAMPAIGNS)),
          referrer: pick(REFERRERS),
          screen_width: screenWidth,
        });
        const views = bot ? 1 + Math.floor(random() * 3) : 1 + Math.floor(random() * 5);
        for (let i = 0; i < views; i++) {
          if (i > 0) {
            // A long pause that still keeps the visit going, now and then.
            slot += random() < 0.08 ? LONG_PAUSE : 1 + Math.floor(random() * 2);
            page = pick(PAGES);
            add(slot, 'pageview', {
              url: url(page),
              referrer: `https://${host}/`,
              screen_width: screenWidth,
            });
          }
          if (bot) continue;
          if (random() < 0.5) {
            slot += 1;
            add(slot, 'engagement', {
              url: url(page),
              engaged_ms: 1000 + Math.floor(random() * 90_000),
              scroll_depth: Math.floor(random() * 101),
            });
          }
          if (random() < 0.15) {
            slot += 1;
            add(slot, 'event', { url: url(page), name: 'signup', props: { plan: pick(['free', 'pro']) } });
          }
          if (random() < 0.08) {
            slot += 1;
            const amount = (10 + Math.floor(random() * 9000) / 100).toFixed(2);
            add(slot, 'event', {
              url: url('/checkout'),
              name: 'purchase',
              props: { revenue: amount, currency: 'EUR' },
            });
          }
        }
        return slot;
      };

      // The first visit starts early in some window, so that a return in the same window still fits.
      const firstWindow = Math.floor(random() * (SLOTS / TICKS_PER_WINDOW));
      let last = visit(firstWindow * TICKS_PER_WINDOW + Math.floor(random() * 4));
      const windowEnd = (firstWindow + 1) * TICKS_PER_WINDOW - 1;
      const roll = random();
      if (roll < 0.25 && last + RETURN_PAUSE + 3 <= windowEnd) {
        // Back after 33 minutes: a new visit (the same visitor id, the same day).
        last = visit(last + RETURN_PAUSE);
      } else if (roll < 0.35 && !bot && last + RETURN_PAUSE <= windowEnd) {
        // An engagement ping 33 minutes after the visit's last activity: no visit is open, so it is dropped.
        add(last + RETURN_PAUSE, 'engagement', { url: url('/'), engaged_ms: 5000, scroll_depth: 50 }, true);
      }
      if (random() < 0.3 && firstWindow + 1 < SLOTS / TICKS_PER_WINDOW) {
        // Back in a later window: hours later, perhaps on another day (and then another visitor id).
        const later = firstWindow + 1 + Math.floor(random() * (SLOTS / TICKS_PER_WINDOW - firstWindow - 1));
        const start = later * TICKS_PER_WINDOW + Math.floor(random() * 8);
        // (A long first visit may have run on into the next window's ticks: then it is the return.)
        if (start > last + RETURN_PAUSE) visit(start);
      }
      // What a rare long visit sends after the last window is left out.
      const kept = own.filter((hit) => hit.slot < SLOTS).sort((a, b) => a.slot - b.slot);
      markOrphanPings(kept, site.timezone);
      hits.push(...kept);
    }
  });

  const bySlot = new Map<number, StreamRequest[]>();
  for (const hit of hits) {
    const list = bySlot.get(hit.slot) ?? [];
    if (list.some((other) => other.visitor === hit.request.visitor)) {
      throw new Error(`visitor ${hit.request.visitor} has two requests in slot ${hit.slot}`);
    }
    list.push(hit.request);
    bySlot.set(hit.slot, list);
  }
  return [...bySlot.keys()]
    .sort((a, b) => a - b)
    .map((slot) => ({ time: slotTime(slot), requests: bySlot.get(slot) ?? [] }));
}

/** The instant after the stream when the analytics are read: the last day's evening, UTC. */
export const READ_AT = STREAM_START + (DAYS - 1) * 86_400_000 + 22 * 3_600_000;
