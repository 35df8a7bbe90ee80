import type { LocalDay } from '../calendar/local-calendar';
import { type IngestCompany, isAllowedHost } from './company-cache';
import { pagePath, readyEvent, trackedVisitAttributes, type UserAgentInfo } from './enrich';
import { type ParsedEvent, parseEvents } from './parse';
import type { PipelineDeps } from './pipeline-deps';
import { IngestRefusal, type RefusingReason } from './refusal';
import type { DropReason, ReadyEvent } from './types';
import { loadCaches, warmed } from './warm-caches';

/** One request's worth of input. */
export interface IngestRequest {
  body: string;
  ip: string;
  userAgent: string | undefined;
  /** The request's `Accept-Language` header: the language of events that do not name one. */
  acceptLanguage?: string;
  now: number;
}

/** What became of a request's events: how many were stored, and how many were dropped for each reason. */
export interface IngestResult {
  stored: number;
  dropped: Partial<Record<DropReason, number>>;
}

/** An event travelling through the steps. */
interface Item {
  event: ParsedEvent;
  company: IngestCompany;
  day: LocalDay;
  /** The company's salt of the day, for the visitor id. */
  salt: string;
  dropped?: DropReason;
}

interface Batch {
  request: IngestRequest;
  items: Item[];
  ua: UserAgentInfo;
}

/**
 * Bots and orphan engagement pings are dropped quietly (the request still gets 202); the other reasons
 * refuse the whole batch, like an invalid event does, so a client never has to work out which half of a
 * batch was stored.
 */
const QUIET: ReadonlySet<DropReason> = new Set(['bot', 'no_visit']);

const refuses = (reason: DropReason): reason is RefusingReason => !QUIET.has(reason);

/** Marks an event dropped; throws the request's refusal when the reason refuses the batch. */
function drop(item: Item | undefined, reason: DropReason, retryAfterMs = 0): void {
  if (item) item.dropped = reason;
  if (refuses(reason)) throw new IngestRefusal(reason, retryAfterMs);
}

// ---- The steps, in the order docs/api.md "Ingestion" checks them (parsing happened before: 400 comes first).

/**
 * Each event with its company, local day and salt, all from the caches; undefined when one of them (or the
 * month's usage, which the quota step reads) is not cached yet: `loadCaches`, then resolve again.
 */
function resolveCompanies(deps: PipelineDeps, events: ParsedEvent[], now: number): Item[] | undefined {
  const items: Item[] = [];
  for (const event of events) {
    const company = deps.companies.cached(event.company, now);
    if (company === undefined) return undefined;
    if (company === null) {
      drop(undefined, 'unknown_company'); // refuses the request: 404
      continue;
    }
    if (company.suspendedAt) drop(undefined, 'suspended'); // refuses the request: 403
    const day = deps.calendar.dayOf(company.timezone, now);
    const salt = deps.salts.cached(company.id, day.day);
    if (salt === undefined || deps.usage.cached(company.id, day.month) === undefined) return undefined;
    items.push({ event, company, day, salt });
  }
  return items;
}

/** Answers whether the request is a bot's: then all its events are dropped, and counted. */
function dropBots(deps: PipelineDeps, batch: Batch): boolean {
  if (!batch.ua.isBot) return false;
  for (const item of batch.items) {
    item.dropped = 'bot';
    deps.buffer.countBots(item.company.id, item.day.day, 1);
  }
  return true;
}

// Past the bot step every event is live: the checks below refuse the whole request (they throw) rather
// than drop single events.

function checkHosts(batch: Batch): void {
  for (const item of batch.items) {
    if (!isAllowedHost(item.event.url.hostname, item.company.allowedHosts)) drop(item, 'foreign_host');
  }
}

function checkQuota(deps: PipelineDeps, batch: Batch): void {
  for (const item of batch.items) {
    const { company, day } = item;
    const used = warmed(deps.usage.cached(company.id, day.month), "a month's usage");
    if (used >= company.eventsQuota) {
      drop(item, 'quota', nextMonthStart(deps, company, day) - batch.request.now);
    }
  }
}

function nextMonthStart(deps: PipelineDeps, company: IngestCompany, day: LocalDay): number {
  let probe = day;
  while (probe.month === day.month) probe = deps.calendar.dayOf(company.timezone, probe.endsAt);
  return probe.startsAt;
}

function checkIpLimit(deps: PipelineDeps, batch: Batch): void {
  const { items, request } = batch;
  const wait = deps.ipLimiter.hit(request.ip, items.length, request.now);
  if (wait > 0) drop(items[0], 'ip_limit', wait);
}

function prepareEvents(deps: PipelineDeps, batch: Batch): ReadyEvent[] {
  const { request, ua } = batch;
  const ready: ReadyEvent[] = [];
  for (const item of batch.items) {
    const { event, company, day, salt } = item;
    const visitor = deps.visitorIds.get(salt, company.id, request.ip, request.userAgent ?? '');
    const pathname = pagePath(event.url);
    const assigned = deps.sessions.assign(company.id, visitor, request.now, event.type, pathname);
    if (!assigned) {
      item.dropped = 'no_visit';
      continue;
    }
    const { session } = assigned;
    // A visit's attributes come from its first event: later events of the visit reuse them.
    session.attributes ??= trackedVisitAttributes(deps.enrichers, event, ua, request, company.internalHosts);
    const counted = event.type !== 'engagement';
    ready.push(
      readyEvent(event, {
        companyId: company.id,
        ts: request.now,
        pathname,
        visitorId: visitor,
        session,
        visit: session.attributes,
        usageMonth: counted ? day.month : null,
      }),
    );
    if (counted) deps.usage.add(company.id, day.month, 1);
  }
  return ready;
}

function summarize(batch: Batch, stored: number): IngestResult {
  const dropped: IngestResult['dropped'] = {};
  for (const item of batch.items) {
    if (item.dropped) dropped[item.dropped] = (dropped[item.dropped] ?? 0) + 1;
  }
  return { stored, dropped };
}

/**
 * The request's events resolved from the caches, once everything the synchronous steps read is at hand:
 * the caches (nearly always warm already), ids for the visits the events may open, and the visits other
 * servers opened for its pinging visitors. Loops because an entry may expire or be cleared while another
 * loads; each wait happens before the synchronous steps, which then find what it brought.
 */
async function placeableItems(
  deps: PipelineDeps,
  events: ParsedEvent[],
  request: IngestRequest,
): Promise<Item[]> {
  let sharedLookedUp = false;
  for (;;) {
    const items = resolveCompanies(deps, events, request.now);
    if (!items) {
      await loadCaches(deps, events, request.now);
      continue;
    }
    const wait = awaitBeforePlacing(deps, items, request, sharedLookedUp);
    if (!wait) return items;
    sharedLookedUp ||= wait.lookedUp;
    await wait.promise;
  }
}

/**
 * What must arrive before the synchronous steps can place these events in visits: ids for the visits they
 * may open, then (once per request) the visits other servers opened for its pinging visitors. Undefined when
 * everything is at hand.
 */
function awaitBeforePlacing(
  deps: PipelineDeps,
  items: Item[],
  request: IngestRequest,
  sharedLookedUp: boolean,
): { promise: Promise<void>; lookedUp: boolean } | undefined {
  const ids = deps.visitIds.ensure(items.length);
  if (ids) return { promise: ids, lookedUp: false };
  if (sharedLookedUp) return undefined;
  const { ip, userAgent = '', now } = request;
  const shared = deps.continuedVisits.continueVisits(deps, items, ip, userAgent, now);
  return shared ? { promise: shared, lookedUp: true } : undefined;
}

/**
 * The ingestion pipeline: parse → resolve company → drop bots → allowed host → quota and IP limit →
 * enrich, visitor id and visit → group-committed write. Resolves once the stored events are committed;
 * throws an `InvalidEvent` for an unreadable body or event, an `IngestRefusal` when a step refuses the request, or
 * `BufferFullError` when the buffer is full.
 */
export function ingest(deps: PipelineDeps, request: IngestRequest): Promise<IngestResult> {
  // Not an async function: when everything is at hand (nearly always) the request's only promise is the
  // commit's, and a throw becomes a rejection here.
  try {
    const events = parseEvents(request.body);
    const items = resolveCompanies(deps, events, request.now);
    if (items && !awaitBeforePlacing(deps, items, request, false)) return store(deps, request, items);
    return placeThenStore(deps, request, events);
  } catch (error) {
    return Promise.reject(error);
  }
}

async function placeThenStore(deps: PipelineDeps, request: IngestRequest, events: ParsedEvent[]) {
  return store(deps, request, await placeableItems(deps, events, request));
}

/** The steps after resolving: from here to the hand-over to the write buffer, nothing awaits. */
function store(deps: PipelineDeps, request: IngestRequest, items: Item[]): Promise<IngestResult> {
  const batch: Batch = { request, items, ua: deps.enrichers.parseUserAgent(request.userAgent) };
  if (dropBots(deps, batch)) return Promise.resolve(summarize(batch, 0));
  checkHosts(batch);
  checkQuota(deps, batch);
  checkIpLimit(deps, batch);
  const ready = prepareEvents(deps, batch);
  if (ready.length === 0) return Promise.resolve(summarize(batch, 0));
  return deps.buffer.submit(ready).then(() => summarize(batch, ready.length));
}
