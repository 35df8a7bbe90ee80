import {
  type AnalyticsQuery,
  EVENT_FILTERS,
  FILTERS,
  type Filter,
  type Interval,
  PERIODS,
  type Period,
} from '@footfall/contract';
import fc from 'fast-check';
import { Temporal } from 'temporal-polyfill';
import { type ImportRecord, type RecordType, USER_AGENT_FACTS } from './analytics-reference';

// Random datasets and queries for the analytics property tests. Everything is drawn from small fixed tables,
// so that filters hit, breakdown rows tie, and enrichment stays predictable without an enrichment library.
// Times are drawn relative to "now", which is itself drawn (see `resolveNow`) so that runs replay exactly.

/** With daylight saving (two rules), a half-hour offset, and none. */
export const TIME_ZONES = ['UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata'] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

/** `Shop.Example` is stored lower-cased, as URL parsing gives it. */
const HOSTS = ['shop.example', 'shop.example', 'docs.shop.example', 'Shop.Example'] as const;
/** `_` and `%` are literal characters of a path, never wildcards of a filter. */
const PATHS = [
  '/',
  '/pricing',
  '/blog',
  '/blog/',
  '/blog/hello',
  '/blog/world',
  '/docs/start',
  '/docs/api',
  '/docs_v2/intro',
  '/50%25off',
] as const;
const SEARCHES = [
  '',
  '',
  '?utm_source=newsletter&utm_medium=email&utm_campaign=spring',
  '?utm_source=twitter&utm_campaign=launch',
  '?utm_medium=cpc',
  '?ref=card',
] as const;
/** `internal` stands for a link from the page's own host, which is no source and no referrer row. */
const REFERRERS = [
  undefined,
  undefined,
  'internal',
  'https://www.google.com/',
  'https://www.google.com/search?q=footfall',
  'https://news.ycombinator.com/item?id=1',
  'https://blog.example.org/post/',
  'https://duckduckgo.com/',
  'https://t.co/abc',
] as const;
const USER_AGENTS = [undefined, ...USER_AGENT_FACTS.keys()];
const COUNTRIES = [undefined, 'US', 'DE', 'FR', 'fr'] as const;
const LANGUAGES = [undefined, 'en-US', 'de', 'fr-FR'] as const;
const EVENT_NAMES = ['signup', 'download', 'Outbound Link: Click', '50% off'] as const;

/**
 * Filter values: mostly present in the data, some absent, `page` prefixes, lower-case countries, other
 * cases (values are case-sensitive but for countries) and SQL wildcards (which must match literally).
 */
/** Exact values first, then the operators of docs/api.md "Analytics": `!` is not, `~` contains, `|` or, `\` literally. */
const FILTER_VALUES: Record<Filter, readonly string[]> = {
  // `#k` stands for the id of the scenario's k-th goal (modulo their number): see `resolveQuery`.
  goal: ['#0', '#1', '#2', '!#0', '#0|#1', '!#1|#2'],
  page: [
    '/',
    '/pricing',
    '/blog/hello',
    '/blog*',
    '/docs*',
    '/*',
    '/nowhere',
    '/blog',
    '/Blog*',
    '/docs_*',
    '/%*',
    '/50%*',
    '/50%25off',
    '!/blog*',
    '!/',
    '~DOC',
    '/pricing|/blog*',
    '!~blog|docs',
    '\\!/pricing',
  ],
  hostname: ['shop.example', 'docs.shop.example', 'other.example', 'Shop.Example', '!shop.example', '~DOCS'],
  event: [
    'signup',
    'download',
    'Outbound Link: Click',
    'purchase',
    '50% off',
    '50%',
    'Signup',
    '!signup',
    'signup|download',
    '~OFF',
    '!~link|load',
  ],
  entry_page: ['/', '/pricing', '/blog/hello', '/docs/start', '/blog*', '/docs_v2/intro', '!/', '~blog'],
  exit_page: ['/', '/pricing', '/blog/world', '/docs/api', '!/pricing|/'],
  source: [
    'Google',
    'Hacker News',
    'blog.example.org',
    'Direct / None',
    'newsletter',
    'X',
    'Bing',
    'google',
    '!Google',
    '~goo',
    'Google|Hacker News',
  ],
  // Hosts; a whole row value (`google.com/search`) is not a host, and matches nothing.
  referrer: [
    'google.com',
    'news.ycombinator.com',
    'blog.example.org',
    't.co',
    'google.com/search',
    '!google.com',
    '~GOOGLE',
    '~/search',
    'google.com|t.co',
  ],
  utm_source: ['newsletter', 'twitter', 'facebook', '!newsletter', '~TWIT'],
  utm_medium: ['email', 'cpc', 'social', 'email|cpc'],
  utm_campaign: ['spring', 'launch', 'autumn', '!spring'],
  country: ['US', 'de', 'fr', 'Fr', 'JP', '!US', 'US|de', '~f'],
  browser: ['Chrome', 'Firefox', 'Mobile Safari', 'Edge', 'chrome', '!Chrome', '~SAFARI'],
  os: ['Windows', 'Mac OS', 'iOS', 'Android', 'Linux', '!iOS|Android'],
  device: ['desktop', 'mobile', 'tablet', '!desktop', 'mobile|tablet'],
};

export interface StepSpec {
  /** Seconds after the previous event of the burst (ignored for the first). */
  gapSeconds: number;
  /** Milliseconds added to the gap: zero keeps the 30-minute edge exact, others make durations fractional. */
  gapMs: number;
  type: RecordType;
  host: (typeof HOSTS)[number];
  path: (typeof PATHS)[number];
  search: (typeof SEARCHES)[number];
  referrer: (typeof REFERRERS)[number];
  userAgent: string | undefined;
  country: (typeof COUNTRIES)[number];
  language: (typeof LANGUAGES)[number];
  eventName: (typeof EVENT_NAMES)[number];
  withProps: boolean;
  /** Which of `PROP_SETS` a custom event carries, and which values an engagement ping reports. */
  detailPick: number;
}

/** Custom properties: the same key with other values and cases, numbers and booleans written as text. */
const PROP_SETS = [
  { plan: 'pro', seats: 3 },
  { plan: 'free' },
  { plan: 'Pro', seats: 10, trial: true },
  { seats: '3' },
  // Revenue (docs/api.md "Goals"): numbers and decimal texts, a currency or none, half cents, junk.
  { plan: 'pro', revenue: 19.99 },
  { revenue: '5.005', currency: 'eur' },
  { revenue: '-3', currency: 'USD' },
  { revenue: '12,50', currency: 'EUR' },
  { revenue: 0.125 },
] as const;
/** An engagement ping's values; undefined is left out (the ingestion then stores 0). */
const ENGAGED_MS = [undefined, 0, 999, 1500, 12_345, 500] as const;
const SCROLL_DEPTHS = [undefined, 0, 49, 80, 100] as const;

/** Property filters and the keys `props_key` asks for: present, absent, and the operators of §11. */
export const PROP_KEYS = ['plan', 'seats', 'trial', 'missing'] as const;
const PROP_VALUES = ['pro', '3', 'true', 'free', '!pro', '~PR', 'free|10', '!~r'] as const;

/**
 * Goals a scenario may define (docs/api.md "Analytics"): events with and without a property, page patterns with
 * `*` (within a segment, possibly empty), `**` (across) and literal characters.
 */
export const GOAL_POOL = [
  { name: 'Signed up', event_name: 'signup' },
  { name: 'Pro signup', event_name: 'signup', prop: { key: 'plan', value: 'pro' } },
  { name: 'Three seats', event_name: 'download', prop: { key: 'seats', value: '3' } },
  { name: 'Blog post', page_path: '/blog/*' },
  { name: 'Docs', page_path: '/docs/**' },
  { name: 'Top level', page_path: '/*' },
  { name: 'Sale', page_path: '/50%25off' },
  { name: 'Docs v2', page_path: '/docs_v2/**' },
  { name: 'Half off', event_name: '50% off' },
  { name: 'Sign-up revenue', event_name: 'signup', revenue_currency: 'EUR' },
  { name: 'Download revenue', event_name: 'download', revenue_currency: 'usd' },
] as const;

/** A run of one visitor's events: gaps around 30 minutes decide where visits split. */
export interface BurstSpec {
  secondsBeforeNow: number;
  steps: StepSpec[];
}

const step: fc.Arbitrary<StepSpec> = fc.record({
  gapSeconds: fc.oneof(
    { weight: 6, arbitrary: fc.integer({ min: 1, max: 600 }) },
    { weight: 2, arbitrary: fc.constantFrom(1799, 1800, 1801) },
    { weight: 2, arbitrary: fc.integer({ min: 1802, max: 6 * 3600 }) },
  ),
  gapMs: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 999 })),
  type: fc.constantFrom<RecordType>('pageview', 'pageview', 'pageview', 'event', 'engagement'),
  host: fc.constantFrom(...HOSTS),
  path: fc.constantFrom(...PATHS),
  search: fc.constantFrom(...SEARCHES),
  referrer: fc.constantFrom(...REFERRERS),
  userAgent: fc.constantFrom(...USER_AGENTS),
  country: fc.constantFrom(...COUNTRIES),
  language: fc.constantFrom(...LANGUAGES),
  eventName: fc.constantFrom(...EVENT_NAMES),
  withProps: fc.boolean(),
  detailPick: fc.nat(),
});

const DAY_SECONDS = 86_400;

const burst: fc.Arbitrary<BurstSpec> = fc.record({
  secondsBeforeNow: fc.oneof(
    // Within realtime's five minutes, and around their edge.
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 240 }) },
    { weight: 1, arbitrary: fc.integer({ min: 240, max: 420 }) },
    // Today and yesterday, for the hourly periods.
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 2 * DAY_SECONDS }) },
    // The last week, for hourly 7-day ranges (across a daylight-saving change when the clock is near one).
    { weight: 2, arbitrary: fc.integer({ min: 0, max: 7 * DAY_SECONDS }) },
    { weight: 3, arbitrary: fc.integer({ min: 0, max: 70 * DAY_SECONDS }) },
    // Up to the plan's retention (365 days), for 12mo, all and long custom ranges.
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 360 * DAY_SECONDS }) },
  ),
  steps: fc.array(step, { minLength: 1, maxLength: 6 }),
});

/** Visitors, each with bursts of events. */
export const dataset: fc.Arbitrary<BurstSpec[][]> = fc.array(
  fc.array(burst, { minLength: 1, maxLength: 4 }),
  { minLength: 1, maxLength: 50, size: 'max' },
);

/**
 * The records to import, in time order (the import assumes each visitor's lines are). Events in the future
 * are left out, and so are those within 10 s of the realtime window's edge, where the few milliseconds the
 * request takes could tip them.
 */
export function materialize(visitors: readonly BurstSpec[][], now: number): ImportRecord[] {
  const timed: { ts: number; record: ImportRecord }[] = [];
  visitors.forEach((bursts, visitorIndex) => {
    for (const { secondsBeforeNow, steps } of bursts) {
      let ts = now - secondsBeforeNow * 1000;
      steps.forEach((spec, index) => {
        if (index > 0) ts += spec.gapSeconds * 1000 + spec.gapMs;
        if (ts > now || Math.abs(now - 5 * 60_000 - ts) <= 10_000) return;
        timed.push({ ts, record: recordOf(spec, `v${visitorIndex}`, ts) });
      });
    }
  });
  return timed.sort((a, b) => a.ts - b.ts).map(({ record }) => record);
}

function recordOf(spec: StepSpec, visitor: string, ts: number): ImportRecord {
  const record: ImportRecord = {
    timestamp: new Date(ts).toISOString(),
    visitor,
    type: spec.type,
    url: `https://${spec.host}${spec.path}${spec.search}`,
  };
  if (spec.referrer !== undefined)
    record.referrer = spec.referrer === 'internal' ? `https://${spec.host}/pricing` : spec.referrer;
  if (spec.userAgent !== undefined) record.user_agent = spec.userAgent;
  if (spec.country !== undefined) record.country = spec.country;
  if (spec.language !== undefined) record.language = spec.language;
  if (spec.type === 'event') {
    record.name = spec.eventName;
    if (spec.withProps) record.props = { ...PROP_SETS[spec.detailPick % PROP_SETS.length] };
  }
  if (spec.type === 'engagement') {
    const engaged = ENGAGED_MS[spec.detailPick % ENGAGED_MS.length];
    const scroll = SCROLL_DEPTHS[Math.floor(spec.detailPick / 7) % SCROLL_DEPTHS.length];
    if (engaged !== undefined) record.engaged_ms = engaged;
    if (scroll !== undefined) record.scroll_depth = scroll;
  }
  return record;
}

/** Where the app's clock is set: near a daylight-saving change of the zone, or any day around 2026. */
export interface ClockSpec {
  nearTransition: boolean;
  transition: number;
  /** After the transition: up to a week, so that a 7-day hourly range can hold it. */
  minutesAfterTransition: number;
  daysFromAnchor: number;
  minuteOfDay: number;
}

export const clockSpec: fc.Arbitrary<ClockSpec> = fc.record({
  nearTransition: fc.constantFrom(true, true, false),
  transition: fc.nat({ max: 7 }),
  minutesAfterTransition: fc.oneof(
    fc.integer({ min: 0, max: 2 * 24 * 60 }),
    fc.integer({ min: 0, max: 7 * 24 * 60 }),
  ),
  daysFromAnchor: fc.integer({ min: -200, max: 320 }),
  minuteOfDay: fc.integer({ min: 0, max: 24 * 60 - 1 }),
});

const ANCHOR = Temporal.PlainDate.from('2026-06-01');

/** The zone's offset changes from October 2025 to the end of 2027 (none for UTC and Asia/Kolkata). */
function transitions(timeZone: string): number[] {
  const found: number[] = [];
  let at: Temporal.ZonedDateTime | null = Temporal.ZonedDateTime.from({
    timeZone,
    year: 2025,
    month: 10,
    day: 1,
  });
  while (at !== null && found.length < 8) {
    at = at.getTimeZoneTransition('next');
    if (at !== null && at.year <= 2027) found.push(at.epochMilliseconds);
    else at = null;
  }
  return found;
}

/**
 * The instant to put the app's clock at: whole seconds, and never within 10 minutes of local midnight,
 * so that "today" cannot change while a run's requests are made.
 */
export function resolveNow(spec: ClockSpec, timeZone: string): number {
  const changes = transitions(timeZone);
  const change = changes[spec.transition % Math.max(changes.length, 1)];
  let now =
    spec.nearTransition && change !== undefined
      ? change + spec.minutesAfterTransition * 60_000
      : ANCHOR.add({ days: spec.daysFromAnchor }).toZonedDateTime({ timeZone }).epochMilliseconds +
        spec.minuteOfDay * 60_000;
  const local = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(timeZone);
  const minute = local.hour * 60 + local.minute;
  if (minute < 10) now += 15 * 60_000;
  if (minute >= 24 * 60 - 10) now -= 15 * 60_000;
  return Math.floor(now / 1000) * 1000;
}

/** A query before it meets the data: custom days count back from today; the interval may not fit. */
export interface QuerySpec {
  period: Period;
  customToDaysBack: number;
  customSpanDays: number;
  interval: Interval | undefined;
  compare: boolean;
  limit: number | undefined;
  filters: { name: Filter; pick: number }[];
  /** A `prop:KEY=VALUE` filter, by picks into `PROP_KEYS` and `PROP_VALUES`. */
  prop: { key: number; value: number } | undefined;
  /** `props_key`, by a pick into `PROP_KEYS`. */
  propsKey: number | undefined;
  /** `prop_keys=true`: every property key. */
  propKeys: boolean;
}

/** The event filters, whose rules are the subtlest, are drawn twice as often as each visit filter. */
const filterName = fc.constantFrom<Filter>(...FILTERS, ...EVENT_FILTERS);

const filters = (count: number) =>
  fc.uniqueArray(fc.record({ name: filterName, pick: fc.nat() }), {
    minLength: count,
    maxLength: count,
    selector: (filter) => filter.name,
  });

export const querySpec: fc.Arbitrary<QuerySpec> = fc.record({
  // The short periods (hourly by default or by choice) twice as often: hours are where time zones bite.
  period: fc.constantFrom<Period>(...PERIODS, 'today', 'yesterday', '7d'),
  customToDaysBack: fc.oneof(
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 0, max: 80 }),
    fc.integer({ min: 0, max: 330 }),
  ),
  customSpanDays: fc.oneof(
    fc.integer({ min: 0, max: 8 }),
    fc.integer({ min: 0, max: 120 }),
    fc.integer({ min: 0, max: 400 }),
  ),
  interval: fc.constantFrom<Interval | undefined>(undefined, undefined, 'hour', 'day', 'week', 'month'),
  compare: fc.boolean(),
  limit: fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 4 }), fc.integer({ min: 1, max: 100 })),
  filters: fc.oneof(
    { weight: 3, arbitrary: fc.constant<QuerySpec['filters']>([]) },
    { weight: 4, arbitrary: filters(1) },
    { weight: 2, arbitrary: filters(2) },
  ),
  prop: fc.option(fc.record({ key: fc.nat(), value: fc.nat() }), { freq: 4, nil: undefined }),
  propsKey: fc.option(fc.nat(), { freq: 2, nil: undefined }),
  propKeys: fc.boolean(),
});

/**
 * The query to send. `daysOf` answers how many days a query's period has (it depends on today and, for
 * `all`, on the data); an hourly interval over more than 7 days would be a 422, so it falls back to the default.
 */
export function resolveQuery(
  spec: QuerySpec,
  today: Temporal.PlainDate,
  daysOf: (query: AnalyticsQuery) => number,
  goalIds: readonly number[] = [],
): AnalyticsQuery {
  const query: AnalyticsQuery = { period: spec.period };
  if (spec.period === 'custom') {
    const to = today.subtract({ days: spec.customToDaysBack });
    query.to = to.toString();
    query.from = to.subtract({ days: spec.customSpanDays }).toString();
  }
  if (spec.interval !== undefined && (spec.interval !== 'hour' || daysOf(query) <= 7))
    query.interval = spec.interval;
  if (spec.compare) query.compare = 'previous_period';
  if (spec.limit !== undefined) query.limit = spec.limit;
  for (const { name, pick } of spec.filters) {
    const values = FILTER_VALUES[name];
    const value = values[pick % values.length];
    if (name === 'goal' && goalIds.length === 0) continue;
    const resolved = value?.replace(/#(\d)/g, (_, k: string) => String(goalIds[Number(k) % goalIds.length]));
    if (resolved !== undefined) Object.assign(query, { [name]: resolved });
  }
  if (spec.prop) {
    const key = PROP_KEYS[spec.prop.key % PROP_KEYS.length];
    Object.assign(query, { [`prop:${key}`]: PROP_VALUES[spec.prop.value % PROP_VALUES.length] });
  }
  if (spec.propsKey !== undefined) query.props_key = PROP_KEYS[spec.propsKey % PROP_KEYS.length];
  if (spec.propKeys) query.prop_keys = 'true';
  return query;
}

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';
const at = (iso: string) => `2026-03-${iso}Z`;

/**
 * A small dataset whose answers the tests compute by hand: Berlin, the day after clocks went forward
 * (2026-03-29 02:00 CET → 03:00 CEST); now is 12:00 CEST on the 30th.
 */
export const HAND_ZONE = 'Europe/Berlin';
export const HAND_NOW = Date.parse(at('30T10:00:00'));
export const HAND_RECORDS: ImportRecord[] = [
  // v1, visit A: Google, 10:00–10:30 local, two pageviews, one custom event, an engagement ping last.
  {
    timestamp: at('30T08:00:00'),
    visitor: 'v1',
    type: 'pageview',
    url: 'https://shop.example/?utm_source=newsletter&utm_medium=email',
    referrer: 'https://www.google.com/',
    user_agent: CHROME,
    country: 'de',
    language: 'de',
  },
  {
    timestamp: at('30T08:10:00'),
    visitor: 'v1',
    type: 'event',
    name: 'signup',
    url: 'https://shop.example/pricing',
  },
  { timestamp: at('30T08:20:00'), visitor: 'v1', type: 'pageview', url: 'https://shop.example/pricing' },
  { timestamp: at('30T08:30:00'), visitor: 'v1', type: 'engagement', url: 'https://shop.example/pricing' },
  // v1, visit B: exactly 30 minutes after the last activity, so a new visit; a bounce.
  { timestamp: at('30T09:00:00'), visitor: 'v1', type: 'pageview', url: 'https://shop.example/blog/' },
  // v2 on the DST day, visit C at 01:30 CET from Hacker News on an iPhone; then an orphan ping; visit D.
  {
    timestamp: at('29T00:30:00'),
    visitor: 'v2',
    type: 'pageview',
    url: 'https://docs.shop.example/docs/start',
    referrer: 'https://news.ycombinator.com/item?id=1',
    user_agent: IPHONE,
  },
  {
    timestamp: at('29T01:10:00'),
    visitor: 'v2',
    type: 'engagement',
    url: 'https://docs.shop.example/docs/start',
  },
  {
    timestamp: at('29T01:15:00'),
    visitor: 'v2',
    type: 'pageview',
    url: 'https://docs.shop.example/docs/api',
  },
  // v3, visit E, two minutes ago; v1's ping 57 minutes after its last activity is an orphan.
  {
    timestamp: at('30T09:58:00'),
    visitor: 'v3',
    type: 'pageview',
    url: 'https://shop.example/',
    country: 'US',
  },
  { timestamp: at('30T09:57:00'), visitor: 'v1', type: 'engagement', url: 'https://shop.example/blog/' },
];
