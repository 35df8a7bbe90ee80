import type { Repositories } from '@footfall/db';
import type { LocalCalendar } from '../calendar/local-calendar';
import { timeSlices } from '../workers/time-slices';
import type { IngestCompany } from './company-cache';
import { type Enrichers, pagePath, readyEvent, visitAttributes } from './enrich';
import { fromCsvCells, readTimestamp, unstorableLineField } from './import-fields';
import { statedVisitFields, withStatedFields } from './import-visit-fields';
import { StatedVisits } from './import-visits';
import type { ImportsUnderway } from './imports-underway';
import { InvalidEvent } from './invalid-event';
import { parseEvent } from './parse';
import { SessionTracker } from './session-tracker';
import { buildTrackingBatch } from './tracking-batch';
import type { ReadyEvent } from './types';
import type { VisitIds } from './visit-ids';
import { importedVisitorId } from './visitor-id';

/** One line of an import: a record to store, or why the line could not even be read. */
export type ImportLine = { line: number; record: Record<string, unknown> } | { line: number; error: string };

export interface ImportResult {
  stored: number;
  rejected: { line: number; reason: string }[];
  /** The company's local days written to (`YYYY-MM-DD`); not part of the answer. */
  days: string[];
}

export interface ImportDeps {
  repos: Pick<Repositories, 'tracking' | 'rollups'>;
  enrichers: Enrichers;
  calendar: LocalCalendar;
  /** The server's visit ids, which imports share with live visits. */
  visitIds: VisitIds;
  /** The app's imports under way, which this import joins while it runs. */
  importsUnderway: ImportsUnderway;
}

/** The answer lists at most this many rejected lines, so a wholly wrong file cannot make a giant answer. */
const MAX_REPORTED_REJECTIONS = 1_000;
const EVENTS_PER_WRITE = 2_000;
const DAY_MS = 86_400_000;
export interface ImportOptions {
  now: number;
  /** CSV cells are strings: convert numbers and the props JSON. */
  fromCsv?: boolean;
  /** Stops reading lines; what was read so far is stored. */
  signal?: AbortSignal;
}

/** An import's visits: cut by the 30-minute rule, or as its lines state them (`visit`). */
interface ImportVisits {
  tracked: SessionTracker;
  stated: StatedVisits;
}

/**
 * Imports historical events through the same validation and enrichment as live ones (docs/api.md "Imports"): each
 * needs a `timestamp` and a `visitor` id; `ip` gives the country when `country` is absent; a missing user
 * agent is not a bot. Visits are rebuilt with the 30-minute rule, assuming each visitor's events come in
 * time order. Imports bypass the monthly quota. Lines are read one at a time and written in batches.
 */
export async function importEvents(
  deps: ImportDeps,
  company: IngestCompany,
  lines: AsyncIterable<ImportLine>,
  options: ImportOptions,
): Promise<ImportResult> {
  const end = deps.importsUnderway.begin(company.id);
  try {
    return await importLines(deps, company, lines, options);
  } finally {
    end();
  }
}

async function importLines(
  deps: ImportDeps,
  company: IngestCompany,
  lines: AsyncIterable<ImportLine>,
  { now, fromCsv = false, signal }: ImportOptions,
): Promise<ImportResult> {
  const visits: ImportVisits = {
    tracked: new SessionTracker(deps.visitIds),
    stated: new StatedVisits(deps.visitIds),
  };
  const result: ImportResult = { stored: 0, rejected: [], days: [] };
  // The local days written to, whose rollups no longer hold.
  const days = new Set<string>();
  let pending: ReadyEvent[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    for (const event of pending) days.add(deps.calendar.dayOf(company.timezone, event.ts).day);
    await deps.repos.tracking.write(buildTrackingBatch(pending, new Map()));
    result.stored += pending.length;
    pending = [];
  };

  // A buffered body and SQLite's writes never let the event loop turn: the import runs in slices, so that
  // every other request is answered meanwhile.
  const slices = timeSlices();
  for await (const entry of lines) {
    if (signal?.aborted) break;
    await slices.pause();
    await deps.visitIds.ensure(1);
    const ready =
      'error' in entry ? entry.error : importRecord(deps, company, visits, entry.record, now, fromCsv);
    if (typeof ready === 'string') {
      if (result.rejected.length < MAX_REPORTED_REJECTIONS)
        result.rejected.push({ line: entry.line, reason: ready });
    } else {
      pending.push(ready);
      if (pending.length >= EVENTS_PER_WRITE) await flush();
    }
  }
  await flush();
  result.days = [...days];
  await deps.repos.rollups.forget(company.id, result.days);
  return result;
}

/** One line's record as an event ready to write, or the reason it is rejected. */
function importRecord(
  deps: ImportDeps,
  company: IngestCompany,
  visits: ImportVisits,
  record: Record<string, unknown>,
  now: number,
  fromCsv: boolean,
): ReadyEvent | string {
  const problem = (fromCsv ? fromCsvCells(record) : undefined) ?? unstorableLineField(record);
  if (problem) return problem;
  const ts = readTimestamp(record.timestamp);
  const visitor = record.visitor;
  if (ts === undefined) return 'timestamp must be an ISO 8601 date-time or epoch milliseconds';
  if (ts > now + 60_000) return 'timestamp is in the future';
  if (ts < now - company.retentionDays * DAY_MS) {
    return `older than the site's retention of ${company.retentionDays} days`;
  }
  if ((typeof visitor !== 'string' && typeof visitor !== 'number') || String(visitor).length === 0) {
    return 'visitor is required (the visitor id in the other tool)';
  }
  return prepare(deps, company, visits, record, ts, String(visitor).slice(0, 200));
}

/** The record's `country` when it is a two-letter code, else the country of its `ip`, if any. */
function importedCountry(deps: ImportDeps, record: Record<string, unknown>): string | null {
  if (typeof record.country === 'string' && /^[A-Za-z]{2}$/.test(record.country)) {
    return record.country.toUpperCase();
  }
  return typeof record.ip === 'string' ? deps.enrichers.country(record.ip) : null;
}

/** One valid record as an event ready to write, or the reason it is rejected. */
function prepare(
  deps: ImportDeps,
  company: IngestCompany,
  visits: ImportVisits,
  record: Record<string, unknown>,
  ts: number,
  visitor: string,
): ReadyEvent | string {
  let event: ReturnType<typeof parseEvent>;
  try {
    event = parseEvent({ ...record, company: company.trackingKey }, '');
  } catch (error) {
    return error instanceof InvalidEvent
      ? error.message.replace(/^Invalid event: /, '').replace(/\.$/, '')
      : 'invalid';
  }
  const stated = statedVisitFields(record);
  if (typeof stated === 'string') return stated;
  const visitorIdAt = (at: number) =>
    importedVisitorId(company.id, deps.calendar.dayOf(company.timezone, at).day, visitor);
  const pathname = pagePath(event.url);
  const userAgent = typeof record.user_agent === 'string' ? record.user_agent : undefined;
  const ua = deps.enrichers.parseUserAgent(userAgent);
  if (userAgent && ua.isBot) return 'the user agent is a bot';
  const visitKey = statedVisit(record.visit);
  if (visitKey === null) return 'visit must be a string or a number, the visit id in the other tool';
  // A stated visit is taken as it is; otherwise the 30-minute rule cuts the visitor's events into visits.
  const session =
    visitKey === undefined
      ? visits.tracked.assign(company.id, visitorIdAt(ts), ts, event.type, pathname)?.session
      : visits.stated.assign(company.id, `${visitor}\n${visitKey}`, ts, event.type, pathname, () =>
          visitorIdAt(ts),
        );
  if (!session) return 'an engagement event needs an earlier event of the same visit';
  // A visit's attributes come from its first event: later events of the visit reuse them. A line that
  // states its source takes its referrer as it is too: whether it was internal was decided where it came from.
  session.attributes ??= withStatedFields(
    visitAttributes(
      event,
      userAgent ? ua : { ...ua, browser: null, os: null },
      importedCountry(deps, record),
      stated.source === undefined
        ? deps.enrichers.referrer(event.referrer, event.url.hostname, company.internalHosts)
        : deps.enrichers.referrer(event.referrer, '', []),
    ),
    stated,
  );
  return readyEvent(event, {
    companyId: company.id,
    ts,
    pathname,
    visitorId: session.visitorId,
    session,
    visit: session.attributes,
    usageMonth: null,
  });
}

/** The visit id a line states: a text key, undefined when absent, null when unusable. */
function statedVisit(value: unknown): string | undefined | null {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  return null;
}
