import { forIngestion } from '../ingest/company-cache';
import { type ImportDeps, type ImportLine, type ImportResult, importEvents } from '../ingest/import';
import { AGENTS, COUNTRIES, LANGUAGES, PAGES, SOURCES } from './demo-traffic-data';

// Sample traffic for the demo company: 30 days of visits that look like a small product site's, written
// through the import path so they are enriched, sessionised and stored exactly like real ones.

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** A small seeded PRNG (mulberry32), so every demo database (and benchmark dataset) looks alike. */
export function seededRandom(seed: number): () => number {
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

type DemoRecord = Record<string, unknown>;

/** One visitor's day: a visit of one to six pages, with engagement pings and the odd custom event. */
function* visitRecords(rng: () => number, host: string, visitor: string, dayStart: number, now: number) {
  const [ua, , width] = weighted(rng, AGENTS, 1);
  const [referrer, utmSource, utmMedium, utmCampaign] = weighted(rng, SOURCES, 4);
  const [country] = weighted(rng, COUNTRIES, 1);
  const [language] = weighted(rng, LANGUAGES, 1);
  const utm = utmSource ? `?utm_source=${utmSource}&utm_medium=${utmMedium}&utm_campaign=${utmCampaign}` : '';
  let ts = Math.round(dayStart + rng() * (DAY - 2 * 60 * MINUTE));
  if (ts > now - MINUTE) return;
  const pageviews = rng() < 0.45 ? 1 : 2 + Math.floor(rng() * 5);
  const common = { visitor, user_agent: ua, country, language, screen_width: width };
  for (let p = 0; p < pageviews && ts < now; p++) {
    const [path] = p === 0 && utm ? ['/'] : weighted(rng, PAGES, 1);
    const url = `https://${host}${path}${p === 0 ? utm : ''}`;
    const at = (offset: number, fields: DemoRecord): DemoRecord => ({
      ...common,
      url,
      timestamp: ts + offset,
      ...fields,
    });
    yield at(0, { type: 'pageview', ...(p === 0 && referrer ? { referrer } : {}) });
    if (path === '/pricing' && rng() < 0.25) {
      yield at(20_000, {
        type: 'event',
        name: 'Signup',
        // The plan's first month, as a revenue goal sums it (no draw of its own: the sample stays the same).
        props:
          rng() < 0.6
            ? { plan: 'starter', revenue: 19, currency: 'EUR' }
            : { plan: 'business', revenue: 99, currency: 'EUR' },
      });
    }
    if (path === '/docs/install' && rng() < 0.3) {
      const download = `https://${host}/downloads/footfall.tar.gz`;
      yield at(15_000, { type: 'event', name: 'File Download', props: { url: download } });
    }
    const engaged = Math.round(5_000 + rng() * 120_000);
    yield at(engaged, { type: 'engagement', engaged_ms: engaged, scroll_depth: Math.round(20 + rng() * 80) });
    ts += engaged + 2_000 + Math.round(rng() * 60_000);
  }
}

/** The sample events of 30 days up to `now`, in time order per visitor, as import lines. */
async function* demoTrafficLines(host: string, now: number, seed = 2026): AsyncGenerator<ImportLine> {
  const rng = seededRandom(seed);
  let line = 0;
  for (let dayIndex = 0; dayIndex < 30; dayIndex++) {
    const dayStart = now - (30 - dayIndex) * DAY;
    const visitors = visitorsOn(dayIndex, new Date(dayStart), rng);
    for (let v = 0; v < visitors; v++) {
      for (const record of visitRecords(rng, host, `demo-${dayIndex}-${v}`, dayStart, now)) {
        line += 1;
        yield { line, record };
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
