import type {
  AnalyticsDetail,
  AnalyticsQuery,
  AnalyticsSummary,
  Annotation,
  Breakdown,
  BreakdownRow,
  Interval,
  TimeseriesPoint,
} from '@footfall/contract';
import { Temporal } from 'temporal-polyfill';

// An independent reading of docs/api.md "Analytics" (and "Ingestion"): it computes the detail
// answer straight from the raw import records, with its own sessionization, so that property tests can
// compare the endpoint with it. It deliberately shares no code with server/src.

export type Device = 'desktop' | 'mobile' | 'tablet';
export type RecordType = 'pageview' | 'event' | 'engagement';

/** One line of an import: an event of docs/api.md "Imports" plus its time and the other tool's visitor id. */
export interface ImportRecord {
  timestamp: string;
  visitor: string;
  type: RecordType;
  url: string;
  name?: string;
  props?: Record<string, string | number | boolean>;
  referrer?: string;
  language?: string;
  user_agent?: string;
  country?: string;
  engaged_ms?: number;
  scroll_depth?: number;
}

export interface UserAgentFacts {
  browser: string;
  os: string;
  device: Device;
}

/** The only user agents the tests send, with ua-parser-js 1.x's names for them (checked once by hand). */
export const USER_AGENT_FACTS: ReadonlyMap<string, UserAgentFacts> = new Map([
  [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    { browser: 'Chrome', os: 'Windows', device: 'desktop' },
  ],
  [
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1',
    { browser: 'Mobile Safari', os: 'iOS', device: 'mobile' },
  ],
  [
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10.15; rv:128.0) Gecko/20100101 Firefox/128.0',
    { browser: 'Firefox', os: 'Mac OS', device: 'desktop' },
  ],
  [
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { browser: 'Mobile Safari', os: 'iOS', device: 'tablet' },
  ],
  [
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
    { browser: 'Chrome', os: 'Android', device: 'mobile' },
  ],
]);

/** Referrer hosts (without `www.`) that the maintained list names; any other host is its own source. */
export const KNOWN_SOURCES: ReadonlyMap<string, string> = new Map([
  ['google.com', 'Google'],
  ['news.ycombinator.com', 'Hacker News'],
  ['duckduckgo.com', 'DuckDuckGo'],
  ['t.co', 'X'],
  ['reddit.com', 'Reddit'],
]);

export interface ReferenceInput {
  companyId: number;
  timeZone: string;
  /** The server's "now", epoch milliseconds. */
  now: number;
  /** The records as imported, in the order sent. */
  records: readonly ImportRecord[];
  /** Bot hits dropped by live ingestion, by the company's local day (`YYYY-MM-DD`). */
  botHits?: readonly { day: string; hits: number }[];
  /** The company's goals, as the API answers them. */
  goals?: readonly ReferenceGoal[];
  /** The company's notes, as `GET /api/companies/{id}/annotations` answers them (by date, then id). */
  annotations?: readonly Annotation[];
  query: AnalyticsQuery;
}

/** A goal as `GET /api/companies/{id}/goals` answers it. */
export interface ReferenceGoal {
  id: number;
  name: string;
  event_name: string | null;
  page_path: string | null;
  prop: { key: string; value: string } | null;
  revenue_currency: string | null;
}

const VISIT_TIMEOUT_MS = 30 * 60_000;
const REALTIME_MS = 5 * 60_000;
const DIRECT = 'Direct / None';

/** A stored event: what the analytics can see of one accepted record. */
interface Hit {
  ts: number;
  type: RecordType;
  pathname: string;
  hostname: string;
  name: string | null;
  visitorKey: string;
  props: Record<string, string | number | boolean> | null;
  engagedMs: number | null;
  scrollDepth: number | null;
}

interface VisitAttributes {
  source: string;
  referrer: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  country: string | null;
  browser: string | null;
  os: string | null;
  device: Device;
  language: string | null;
}

interface Visit {
  /** The visitor id stands for (visitor, local day): ids change at local midnight. */
  visitorKey: string;
  day: string;
  startedAt: number;
  lastActivityAt: number;
  entryPage: string;
  exitPage: string;
  attributes: VisitAttributes;
  /** Its pageviews and custom events (engagement pings are never counted as events). */
  hits: Hit[];
  /** Its engagement pings. */
  pings: Hit[];
  pageviews: number;
  customEvents: number;
}

export interface Sessions {
  visits: Visit[];
  /** Every accepted record (engagement pings included), as hits. */
  accepted: Hit[];
  /** Indexes into the records of the lines the import rejects: engagement pings with no open visit. */
  rejected: number[];
}

export const localDate = (ms: number, timeZone: string): Temporal.PlainDate =>
  Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate();

const stripWww = (host: string) => (host.startsWith('www.') ? host.slice(4) : host);

/** Referrer row and source (docs/api.md "Ingestion" and "Analytics"), or null for none or an internal one (the page's own host). */
function referrerOf(raw: string | undefined, eventHost: string): { referrer: string; source: string } | null {
  if (raw === undefined) return null;
  const url = new URL(raw);
  const host = stripWww(url.hostname);
  if (host === stripWww(eventHost)) return null;
  const path = url.pathname.replace(/\/+$/, '');
  return { referrer: host + path, source: KNOWN_SOURCES.get(host) ?? host };
}

/**
 * A visit's attributes, from its first event. The tests send only two-letter countries (the import
 * upper-cases them) and language tags already in `ll-RR` case, so neither needs more than this.
 */
function attributesOf(record: ImportRecord, url: URL): VisitAttributes {
  const param = (name: string) => url.searchParams.get(name)?.trim() || null;
  const utmSource = param('utm_source');
  const referrer = referrerOf(record.referrer, url.hostname);
  const agent = record.user_agent === undefined ? undefined : USER_AGENT_FACTS.get(record.user_agent);
  if (record.user_agent !== undefined && agent === undefined)
    throw new Error('reference: unknown user agent');
  return {
    source: referrer?.source ?? utmSource ?? DIRECT,
    referrer: referrer?.referrer ?? null,
    utmSource,
    utmMedium: param('utm_medium'),
    utmCampaign: param('utm_campaign'),
    country: record.country?.toUpperCase() ?? null,
    browser: agent?.browser ?? null,
    os: agent?.os ?? null,
    // A missing user agent (allowed in imports) still gives a device: the default, desktop.
    device: agent?.device ?? 'desktop',
    language: record.language ?? null,
  };
}

/**
 * Rebuilds visits as the import does: per visitor and local day, in time order, a visit continues while
 * the next event comes less than 30 minutes after its last activity; an engagement ping never opens one.
 */
export function sessionize(records: readonly ImportRecord[], timeZone: string): Sessions {
  const times = records.map((record) => Date.parse(record.timestamp));
  const groups = new Map<string, number[]>();
  records.forEach((record, index) => {
    const key = `${record.visitor}\u0000${localDate(times[index] ?? Number.NaN, timeZone)}`;
    const group = groups.get(key);
    if (group) group.push(index);
    else groups.set(key, [index]);
  });
  const sessions: Sessions = { visits: [], accepted: [], rejected: [] };
  for (const [visitorKey, indexes] of groups) {
    // A stable sort: events of equal time keep the order they were sent in, as the import sees them.
    const inTimeOrder = indexes.sort((a, b) => (times[a] ?? 0) - (times[b] ?? 0));
    let open: Visit | undefined;
    for (const index of inTimeOrder) {
      const record = records[index] as ImportRecord;
      const url = new URL(record.url);
      const hit: Hit = {
        ts: times[index] ?? Number.NaN,
        type: record.type,
        pathname: url.pathname,
        hostname: url.hostname,
        name: record.type === 'event' ? (record.name ?? null) : null,
        visitorKey,
        props: record.type === 'event' ? (record.props ?? null) : null,
        // A ping without a value reports 0 (docs/api.md "Ingestion": the ingestion stores it so).
        engagedMs: record.type === 'engagement' ? (record.engaged_ms ?? 0) : null,
        scrollDepth: record.type === 'engagement' ? (record.scroll_depth ?? 0) : null,
      };
      if (open !== undefined && hit.ts < open.lastActivityAt + VISIT_TIMEOUT_MS) {
        open.lastActivityAt = Math.max(open.lastActivityAt, hit.ts);
        if (hit.type === 'pageview') open.exitPage = hit.pathname;
      } else if (hit.type === 'engagement') {
        sessions.rejected.push(index);
        continue;
      } else {
        open = {
          visitorKey,
          day: localDate(hit.ts, timeZone).toString(),
          startedAt: hit.ts,
          lastActivityAt: hit.ts,
          entryPage: hit.pathname,
          exitPage: hit.pathname,
          attributes: attributesOf(record, url),
          hits: [],
          pings: [],
          pageviews: 0,
          customEvents: 0,
        };
        sessions.visits.push(open);
      }
      sessions.accepted.push(hit);
      if (hit.type === 'pageview') open.pageviews += 1;
      if (hit.type === 'event') open.customEvents += 1;
      if (hit.type !== 'engagement') open.hits.push(hit);
      else open.pings.push(hit);
    }
  }
  sessions.rejected.sort((a, b) => a - b);
  return sessions;
}

export interface DayRange {
  from: Temporal.PlainDate;
  to: Temporal.PlainDate;
}

/** The period's local days (docs/api.md "Analytics"); `all` starts on the first visit's day, or today without one. */
export function periodRange(
  query: AnalyticsQuery,
  today: Temporal.PlainDate,
  firstVisitDay: Temporal.PlainDate | undefined,
): DayRange {
  const monthStart = today.with({ day: 1 });
  switch (query.period ?? '30d') {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = today.subtract({ days: 1 });
      return { from: yesterday, to: yesterday };
    }
    case '7d':
      return { from: today.subtract({ days: 6 }), to: today };
    case '30d':
      return { from: today.subtract({ days: 29 }), to: today };
    case 'month':
      return { from: monthStart, to: today };
    case 'last_month':
      return { from: monthStart.subtract({ months: 1 }), to: monthStart.subtract({ days: 1 }) };
    case '12mo':
      return { from: monthStart.subtract({ months: 11 }), to: today };
    case 'all':
      return { from: firstVisitDay ?? today, to: today };
    case 'custom':
      return { from: Temporal.PlainDate.from(query.from ?? ''), to: Temporal.PlainDate.from(query.to ?? '') };
    default:
      throw new Error(`reference: unknown period ${query.period}`);
  }
}

export const daysIn = (range: DayRange): number =>
  range.from.until(range.to, { largestUnit: 'days' }).days + 1;

export function defaultInterval(query: AnalyticsQuery, days: number): Interval {
  if (query.period === 'today' || query.period === 'yesterday') return 'hour';
  return days <= 90 ? 'day' : 'month';
}

const sundayOnOrBefore = (day: Temporal.PlainDate) => day.subtract({ days: day.dayOfWeek % 7 });

/** The bucket an instant falls in: its local hour, day, week's Sunday or month's 1st. */
function bucketOf(ms: number, interval: Interval, timeZone: string): string {
  const local = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone);
  const day = local.toPlainDate();
  if (interval === 'hour') return `${day}T${String(local.hour).padStart(2, '0')}:00`;
  if (interval === 'week') return sundayOnOrBefore(day).toString();
  if (interval === 'month') return day.with({ day: 1 }).toString();
  return day.toString();
}

/**
 * Every bucket of the range, in order. Hours are found by walking the range's instants in quarter hours:
 * a skipped wall-clock hour is never met, a repeated one is met twice but kept once.
 */
function bucketLabels(range: DayRange, interval: Interval, timeZone: string): string[] {
  const labels = new Set<string>();
  if (interval === 'hour') {
    const start = range.from.toZonedDateTime({ timeZone }).epochMilliseconds;
    const end = range.to.add({ days: 1 }).toZonedDateTime({ timeZone }).epochMilliseconds;
    for (let ms = start; ms < end; ms += 15 * 60_000) labels.add(bucketOf(ms, 'hour', timeZone));
    return [...labels];
  }
  const step = interval === 'week' ? { days: 7 } : interval === 'month' ? { months: 1 } : { days: 1 };
  let bucket =
    interval === 'week'
      ? sundayOnOrBefore(range.from)
      : interval === 'month'
        ? range.from.with({ day: 1 })
        : range.from;
  for (; Temporal.PlainDate.compare(bucket, range.to) <= 0; bucket = bucket.add(step))
    labels.add(bucket.toString());
  return [...labels];
}

/** What one query counts: its visits, and the pageviews and custom events inside them that match. */
interface Counted {
  visits: Visit[];
  pageviews: Hit[];
  customEvents: Hit[];
  /** The engagement pings of the counted visits on the pages and hosts the filters read. */
  pings: Hit[];
  /** Whether a hit of a counted visit is one the filters read (a goal converts only on those). */
  reads: (hit: Hit) => boolean;
}

/**
 * A filter's operators as docs/api.md "Analytics" writes them, read here on their own (escapes become private
 * characters, then `|` splits): `!` is not, `~` contains in any case, `|` or.
 */
function filterTest(raw: string | undefined) {
  if (raw === undefined) return undefined;
  const negate = raw.startsWith('!');
  let body = negate ? raw.slice(1) : raw;
  const contains = body.startsWith('~');
  if (contains) body = body.slice(1);
  const ESCAPES: Record<string, string> = { '!': '\uE001', '~': '\uE002', '|': '\uE003', '\\': '\uE004' };
  const hidden = body.replace(/\\([!~|\\])/g, (_, char: string) => ESCAPES[char] ?? char);
  const alternatives = hidden
    .split('|')
    .map((part) =>
      part.replace(
        /[\uE001-\uE004]/g,
        (char) => Object.keys(ESCAPES).find((key) => ESCAPES[key] === char) ?? char,
      ),
    );
  /** Whether the filter keeps `value` (null: a visit without one), `equals` being the field's own comparison. */
  return (value: string | null, equals: (value: string, text: string) => boolean = (a, b) => a === b) => {
    const hit =
      value !== null &&
      alternatives.some((text) =>
        contains ? value.toLowerCase().includes(text.toLowerCase()) : equals(value, text),
      );
    return negate ? !hit : hit;
  };
}

/**
 * Whether a path matches a goal's pattern, walked by hand: `**` takes any run of characters, `*` any run
 * without `/`, every other character itself.
 */
export function globMatches(pattern: string, path: string): boolean {
  if (pattern === '') return path === '';
  if (pattern.startsWith('**')) {
    for (let cut = 0; cut <= path.length; cut++)
      if (globMatches(pattern.slice(2), path.slice(cut))) return true;
    return false;
  }
  if (pattern.startsWith('*')) {
    for (let cut = 0; cut <= path.length; cut++) {
      if (globMatches(pattern.slice(1), path.slice(cut))) return true;
      if (path[cut] === '/') return false;
    }
    return false;
  }
  return path !== '' && path[0] === pattern[0] && globMatches(pattern.slice(1), path.slice(1));
}

/** A custom property's value written as text, as goals and property filters compare it. */
const asText = (value: unknown): string | null =>
  ['string', 'number', 'boolean'].includes(typeof value) ? String(value) : null;

/** Whether a hit converts on a goal: a custom event of its name (and property), or a pageview on its path. */
export function converts(goal: ReferenceGoal, hit: Hit): boolean {
  if (goal.page_path !== null) return hit.type === 'pageview' && globMatches(goal.page_path, hit.pathname);
  if (hit.type !== 'event' || hit.name !== goal.event_name) return false;
  return goal.prop === null || asText(hit.props?.[goal.prop.key]) === goal.prop.value;
}

function countIn(
  visits: readonly Visit[],
  range: DayRange,
  query: AnalyticsQuery,
  goals: readonly ReferenceGoal[] = [],
): Counted {
  const from = range.from.toString();
  const to = range.to.toString();
  const { page, hostname, event } = query;
  const pageTest = filterTest(page);
  const hostTest = filterTest(hostname);
  const eventTest = filterTest(event);
  const prefixOrWhole = (pathname: string, text: string) =>
    text.endsWith('*') ? pathname.startsWith(text.slice(0, -1)) : pathname === text;
  const pageMatches = (pathname: string) => pageTest === undefined || pageTest(pathname, prefixOrWhole);
  const placeMatches = (hit: Hit) =>
    pageMatches(hit.pathname) && (hostTest === undefined || hostTest(hit.hostname));
  const pageviewCounts = (hit: Hit) => hit.type === 'pageview' && placeMatches(hit);
  const customEventCounts = (hit: Hit) =>
    hit.type === 'event' && (eventTest === undefined || eventTest(hit.name)) && placeMatches(hit);
  // [the filter, the visit's value, the field's own comparison of a whole value]
  const visitFilters: [
    string | undefined,
    (visit: Visit) => string | null,
    ((v: string, t: string) => boolean)?,
  ][] = [
    [query.entry_page, (visit) => visit.entryPage],
    [query.exit_page, (visit) => visit.exitPage],
    [query.source, (visit) => visit.attributes.source],
    // The referrer filter names a host: the row value up to its first `/` (contains searches the whole row).
    [query.referrer, (visit) => visit.attributes.referrer, (row, host) => row.split('/')[0] === host],
    [query.utm_source, (visit) => visit.attributes.utmSource],
    [query.utm_medium, (visit) => visit.attributes.utmMedium],
    [query.utm_campaign, (visit) => visit.attributes.utmCampaign],
    [query.country?.toUpperCase(), (visit) => visit.attributes.country],
    [query.browser, (visit) => visit.attributes.browser],
    [query.os, (visit) => visit.attributes.os],
    [query.device, (visit) => visit.attributes.device],
  ];
  const visitTests = visitFilters.map(
    ([raw, valueIn, equals]) => [filterTest(raw), valueIn, equals] as const,
  );
  // The conversion filters look at every hit of a visit: `goal` by id, `prop:KEY` on custom events. A visit
  // "has a value" when one of its hits matches; "is not" keeps the others.
  const conversionTests: ((visit: Visit) => boolean)[] = [];
  if (query.goal !== undefined) {
    const negate = query.goal.startsWith('!');
    const test = filterTest(negate ? query.goal.slice(1) : query.goal);
    const named = goals.filter((goal) => test?.(String(goal.id)) === true);
    conversionTests.push((visit) => {
      const hit = named.some((goal) => visit.hits.some((h) => converts(goal, h)));
      return negate ? !hit : hit;
    });
  }
  for (const [name, raw] of Object.entries(query)) {
    if (!name.startsWith('prop:') || typeof raw !== 'string') continue;
    const key = name.slice('prop:'.length);
    const negate = raw.startsWith('!');
    const test = filterTest(negate ? raw.slice(1) : raw);
    conversionTests.push((visit) => {
      const hit = visit.hits.some((h) => {
        const value = h.type === 'event' ? asText(h.props?.[key]) : null;
        return value !== null && test?.(value) === true;
      });
      return negate ? !hit : hit;
    });
  }
  const selected = visits.filter(
    (visit) =>
      visit.day >= from &&
      visit.day <= to &&
      visitTests.every(([test, valueIn, equals]) => test === undefined || test(valueIn(visit), equals)) &&
      conversionTests.every((test) => test(visit)) &&
      (event !== undefined
        ? visit.hits.some(customEventCounts)
        : page !== undefined || hostname !== undefined
          ? visit.hits.some(pageviewCounts)
          : true),
  );
  return {
    visits: selected,
    pageviews: selected.flatMap((visit) => visit.hits.filter(pageviewCounts)),
    customEvents: selected.flatMap((visit) => visit.hits.filter(customEventCounts)),
    pings: selected.flatMap((visit) => visit.pings.filter(placeMatches)),
    reads: (hit) => pageviewCounts(hit) || customEventCounts(hit),
  };
}

/** round(numerator / denominator), half up, for non-negative integers, without floating-point error. */
const roundHalfUp = (numerator: number, denominator: number) =>
  denominator === 0 ? 0 : Math.floor((2 * numerator + denominator) / (2 * denominator));

/** Mean whole seconds and mean whole percent over the pings that report them; null without any. */
function engagementOf(pings: readonly Hit[]) {
  const times = pings.flatMap((ping) => (ping.engagedMs === null ? [] : [ping.engagedMs]));
  const depths = pings.flatMap((ping) => (ping.scrollDepth === null ? [] : [ping.scrollDepth]));
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    time_on_page: times.length === 0 ? null : roundHalfUp(sum(times), 1000 * times.length),
    scroll_depth: depths.length === 0 ? null : roundHalfUp(sum(depths), depths.length),
  };
}

function summaryOf(counted: Counted, engagement = false): AnalyticsSummary {
  const { visits } = counted;
  const bounces = visits.filter((visit) => visit.pageviews === 1 && visit.customEvents === 0).length;
  const durationMs = visits.reduce((sum, visit) => sum + visit.lastActivityAt - visit.startedAt, 0);
  return {
    visitors: new Set(visits.map((visit) => visit.visitorKey)).size,
    visits: visits.length,
    pageviews: counted.pageviews.length,
    views_per_visit: roundHalfUp(100 * counted.pageviews.length, visits.length) / 100,
    bounce_rate: roundHalfUp(100 * bounces, visits.length),
    visit_duration: roundHalfUp(durationMs, 1000 * visits.length),
    events: counted.customEvents.length,
    ...(engagement && engagementOf(counted.pings)),
  };
}

/**
 * An event's revenue in cents for a goal in `currency`: its `revenue` property as a plain decimal (a number
 * or text, at most 13 whole digits), the cent rounded half away from zero; null when it has none, or states
 * another currency.
 */
function centsOf(props: Hit['props'], currency: string): number | null {
  const stated = props?.currency;
  if (stated !== undefined && (typeof stated !== 'string' || stated.toUpperCase() !== currency)) return null;
  const raw = props?.revenue;
  const text = typeof raw === 'number' || typeof raw === 'string' ? String(raw).trim() : '';
  if (!/^-?\d{1,13}(\.\d+)?$/.test(text)) return null;
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = text.replace('-', '').split('.');
  const mills = Number(`${whole}${`${fraction}000`.slice(0, 3)}`);
  const cents = Math.floor((mills + 5) / 10);
  return negative ? -cents : cents;
}

/** A goal's figures over what a query counts: converting visitors, visits and hits, the rate, revenue. */
function goalFigures(goal: ReferenceGoal, counted: Counted) {
  const converting = counted.visits.filter((visit) =>
    visit.hits.some((hit) => counted.reads(hit) && converts(goal, hit)),
  );
  const visitors = new Set(converting.map((visit) => visit.visitorKey)).size;
  const everyone = new Set(counted.visits.map((visit) => visit.visitorKey)).size;
  const hits = converting
    .flatMap((visit) => visit.hits)
    .filter((hit) => counted.reads(hit) && converts(goal, hit));
  const currency = goal.revenue_currency;
  const amounts = currency === null ? [] : hits.flatMap((hit) => centsOf(hit.props, currency) ?? []);
  const cents = amounts.reduce((sum, amount) => sum + amount, 0);
  return {
    visitors,
    visits: converting.length,
    events: hits.length,
    conversion_rate: roundHalfUp(1000 * visitors, everyone) / 10,
    revenue:
      currency === null
        ? null
        : {
            currency,
            total: cents / 100,
            average: amounts.length === 0 ? 0 : Math.floor(cents / amounts.length + 0.5) / 100,
          },
  };
}

function goalRowsOf(goals: readonly ReferenceGoal[], counted: Counted, previous: Counted | null) {
  return goals
    .map((goal) => ({
      goal_id: goal.id,
      name: goal.name,
      ...goalFigures(goal, counted),
      comparison: previous ? goalFigures(goal, previous) : null,
    }))
    .sort((a, b) => b.visitors - a.visitors || byCodeUnit(a.name, b.name) || a.goal_id - b.goal_id);
}

/**
 * Whether a visit's hits hold conversions on `steps` at times that never go back, each on a hit of its
 * own: tried every way, depth first.
 */
function reaches(
  hits: readonly Hit[],
  steps: readonly ReferenceGoal[],
  used = new Set<Hit>(),
  after = -Infinity,
): boolean {
  const [step, ...rest] = steps;
  if (step === undefined) return true;
  return hits.some(
    (hit) =>
      !used.has(hit) &&
      hit.ts >= after &&
      converts(step, hit) &&
      reaches(hits, rest, new Set([...used, hit]), hit.ts),
  );
}

/** `GET …/funnels/{id}/report` for a funnel of `steps` (goal ids), as docs/api.md "Funnels" defines it. */
export function referenceFunnel(
  input: ReferenceInput,
  steps: readonly number[],
  sessions = sessionize(input.records, input.timeZone),
) {
  const { query, timeZone, now } = input;
  const firstVisit = sessions.visits.reduce((first, visit) => Math.min(first, visit.startedAt), Infinity);
  const range = periodRange(
    query,
    localDate(now, timeZone),
    Number.isFinite(firstVisit) ? localDate(firstVisit, timeZone) : undefined,
  );
  const goals = input.goals ?? [];
  const counted = countIn(sessions.visits, range, query, goals);
  const stepGoals = steps.map((id) => goals.find((goal) => goal.id === id) as ReferenceGoal);
  const visitors = stepGoals.map((_, index) => {
    const reaching = counted.visits.filter((visit) =>
      reaches(visit.hits.filter(counted.reads), stepGoals.slice(0, index + 1)),
    );
    return new Set(reaching.map((visit) => visit.visitorKey)).size;
  });
  return {
    range: { from: range.from.toString(), to: range.to.toString() },
    steps: stepGoals.map((goal, index) => {
      const before = index === 0 ? (visitors[0] ?? 0) : (visitors[index - 1] ?? 0);
      const dropoff = before - (visitors[index] ?? 0);
      return {
        goal_id: goal.id,
        name: goal.name,
        visitors: visitors[index] ?? 0,
        dropoff,
        dropoff_rate: roundHalfUp(1000 * dropoff, before) / 10,
      };
    }),
    conversion_rate: roundHalfUp(1000 * (visitors.at(-1) ?? 0), visitors[0] ?? 0) / 10,
  };
}

const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Rows grouped by value (items without one make none), visitors descending then value, at most `limit`. */
function breakdown<T extends { visitorKey: string }>(
  items: readonly T[],
  valueIn: (item: T) => string | null,
  countName: 'visits' | 'pageviews' | 'events',
  limit: number,
): BreakdownRow[] {
  const groups = new Map<string, { visitors: Set<string>; count: number }>();
  for (const item of items) {
    const value = valueIn(item);
    if (value === null) continue;
    const group = groups.get(value) ?? { visitors: new Set<string>(), count: 0 };
    group.visitors.add(item.visitorKey);
    group.count += 1;
    groups.set(value, group);
  }
  const rows = [...groups].map(([value, group]) => {
    const row: BreakdownRow = { value, visitors: group.visitors.size };
    row[countName] = group.count;
    return row;
  });
  return rows.sort((a, b) => b.visitors - a.visitors || byCodeUnit(a.value, b.value)).slice(0, limit);
}

/** Each key of each counted custom event's properties that has a value (a text, number or boolean). */
function propertyKeysOf(counted: Counted): { visitorKey: string; key: string }[] {
  return counted.customEvents.flatMap((hit) =>
    Object.entries(hit.props ?? {}).flatMap(([key, value]) =>
      asText(value) === null ? [] : [{ visitorKey: hit.visitorKey, key }],
    ),
  );
}

function breakdownsOf(
  counted: Counted,
  limit: number,
  propsKey: string | undefined,
  propKeys: boolean,
): Record<Breakdown, BreakdownRow[]> & { props?: BreakdownRow[]; prop_keys?: BreakdownRow[] } {
  const visitRows = (valueIn: (attributes: VisitAttributes, visit: Visit) => string | null) =>
    breakdown(counted.visits, (visit) => valueIn(visit.attributes, visit), 'visits', limit);
  return {
    ...(propsKey !== undefined && {
      props: breakdown(counted.customEvents, (hit) => asText(hit.props?.[propsKey]), 'events', limit),
    }),
    ...(propKeys && { prop_keys: breakdown(propertyKeysOf(counted), (item) => item.key, 'events', limit) }),
    pages: breakdown(counted.pageviews, (hit) => hit.pathname, 'pageviews', limit).map((row) => ({
      ...row,
      ...engagementOf(counted.pings.filter((ping) => ping.pathname === row.value)),
    })),
    entry_pages: visitRows((_, visit) => visit.entryPage),
    exit_pages: visitRows((_, visit) => visit.exitPage),
    sources: visitRows((attributes) => attributes.source),
    referrers: visitRows((attributes) => attributes.referrer),
    utm_sources: visitRows((attributes) => attributes.utmSource),
    utm_mediums: visitRows((attributes) => attributes.utmMedium),
    utm_campaigns: visitRows((attributes) => attributes.utmCampaign),
    countries: visitRows((attributes) => attributes.country),
    browsers: visitRows((attributes) => attributes.browser),
    os: visitRows((attributes) => attributes.os),
    devices: visitRows((attributes) => attributes.device),
    languages: visitRows((attributes) => attributes.language),
    events: breakdown(counted.customEvents, (hit) => hit.name, 'events', limit),
  };
}

/** What a bucket gathers, row by row, before its figures are worked out. */
interface Bucket {
  visitors: Set<string>;
  visits: number;
  bounces: number;
  durationMs: number;
  pageviews: number;
  customEvents: number;
}

/**
 * Every bucket with the summary's figures over its own rows: a visit (with its bounce and duration) in
 * the bucket it started in, each pageview and custom event in the bucket it happened in.
 */
function timeseriesOf(
  counted: Counted,
  range: DayRange,
  interval: Interval,
  timeZone: string,
): TimeseriesPoint[] {
  const buckets = new Map<string, Bucket>(
    bucketLabels(range, interval, timeZone).map((date) => [
      date,
      { visitors: new Set(), visits: 0, bounces: 0, durationMs: 0, pageviews: 0, customEvents: 0 },
    ]),
  );
  const bucket = (ms: number) => {
    const found = buckets.get(bucketOf(ms, interval, timeZone));
    if (found === undefined) throw new Error('reference: an instant outside every bucket');
    return found;
  };
  for (const visit of counted.visits) {
    const started = bucket(visit.startedAt);
    started.visits += 1;
    started.visitors.add(visit.visitorKey);
    if (visit.pageviews === 1 && visit.customEvents === 0) started.bounces += 1;
    started.durationMs += visit.lastActivityAt - visit.startedAt;
  }
  for (const pageview of counted.pageviews) bucket(pageview.ts).pageviews += 1;
  for (const customEvent of counted.customEvents) bucket(customEvent.ts).customEvents += 1;
  return [...buckets].map(([date, totals]) => ({
    date,
    visitors: totals.visitors.size,
    visits: totals.visits,
    pageviews: totals.pageviews,
    views_per_visit: roundHalfUp(100 * totals.pageviews, totals.visits) / 100,
    bounce_rate: roundHalfUp(100 * totals.bounces, totals.visits),
    visit_duration: roundHalfUp(totals.durationMs, 1000 * totals.visits),
    events: totals.customEvents,
  }));
}

/** The whole detail answer for `input.query`, as docs/api.md "Analytics" defines it. */
export function referenceDetail(input: ReferenceInput, sessions = sessionize(input.records, input.timeZone)) {
  const { query, timeZone, now } = input;
  const today = localDate(now, timeZone);
  const firstVisit = sessions.visits.reduce((first, visit) => Math.min(first, visit.startedAt), Infinity);
  const range = periodRange(
    query,
    today,
    Number.isFinite(firstVisit) ? localDate(firstVisit, timeZone) : undefined,
  );
  const days = daysIn(range);
  const interval = query.interval ?? defaultInterval(query, days);
  const goals = input.goals ?? [];
  const counted = countIn(sessions.visits, range, query, goals);
  const previous = { from: range.from.subtract({ days }), to: range.from.subtract({ days: 1 }) };
  const compared =
    query.compare === 'previous_period' && query.period !== 'all'
      ? countIn(sessions.visits, previous, query, goals)
      : null;
  const pageFiltered = query.page !== undefined;
  const inRange = (day: string) => day >= range.from.toString() && day <= range.to.toString();
  const detail: AnalyticsDetail = {
    company_id: input.companyId,
    timezone: timeZone,
    range: { from: range.from.toString(), to: range.to.toString(), interval },
    summary: summaryOf(counted, pageFiltered),
    comparison: compared ? summaryOf(compared, pageFiltered) : null,
    first_day: Number.isFinite(firstVisit) ? localDate(firstVisit, timeZone).toString() : null,
    timeseries: timeseriesOf(counted, range, interval, timeZone),
    realtime: {
      visitors: new Set(
        sessions.accepted.filter((hit) => hit.ts > now - REALTIME_MS).map((hit) => hit.visitorKey),
      ).size,
    },
    breakdowns: breakdownsOf(counted, query.limit ?? 10, query.props_key, query.prop_keys === 'true'),
    goals: goalRowsOf(goals, counted, compared),
    filtered: {
      bots: (input.botHits ?? [])
        .filter((bots) => inRange(bots.day))
        .reduce((sum, bots) => sum + bots.hits, 0),
    },
    annotations: (input.annotations ?? []).filter(
      (note) => note.date <= range.to.toString() && (note.end_date ?? note.date) >= range.from.toString(),
    ),
  };
  return detail;
}
