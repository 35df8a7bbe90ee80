import { EVENT_KINDS, type Repositories, type TestEventWrite } from '@footfall/db';
import type { IngestCompany } from '../ingest/company-cache';
import { pagePath, trackedVisitAttributes, type UserAgentInfo } from '../ingest/enrich';
import { type ParsedEvent, parseEvents } from '../ingest/parse';
import type { IngestRequest } from '../ingest/pipeline';
import type { PipelineDeps } from '../ingest/pipeline-deps';
import { IngestRefusal } from '../ingest/refusal';
import { SessionTracker } from '../ingest/session-tracker';

/**
 * Test traffic: what the dashboard's test page sends (its tracker posts to `POST /api/test-site/events`
 * instead of the ingestion endpoint). It goes through the same checks and enrichment as real events, so the
 * test page's feed shows exactly what tracking would store, but it is written to its own table: it counts
 * in no figure (analytics, usage, quota, widget, exports), and is gone after a day.
 *
 * Visits are tracked apart from real ones, so that a test visit never continues a real one (or the other
 * way round). No host rule applies (the page is served by the dashboard, not by the company's site) and no
 * quota (nothing is counted); the per-address limit of ingestion does.
 */
export interface TestTraffic {
  /** Stores the request's events as test traffic; answers how many were stored (bots store none). */
  ingest(request: IngestRequest): Promise<number>;
  /** Forgets test visits idle for more than 30 minutes. */
  sweep(now: number): void;
}

/** An event's company, and the company's salt of the day (its visitor id hashes it). */
interface Resolved {
  company: IngestCompany;
  salt: string;
}

export function createTestTraffic(deps: PipelineDeps, repos: Pick<Repositories, 'testEvents'>): TestTraffic {
  const visits = new SessionTracker(deps.visitIds);
  return {
    sweep: (now) => void visits.sweep(now),
    async ingest(request) {
      const events = parseEvents(request.body);
      // Not the hot path: each event's company and salt are read from the caches, or loaded, one by one.
      const resolved: Resolved[] = [];
      for (const event of events) {
        const company = await deps.companies.get(event.company, request.now);
        if (!company) throw new IngestRefusal('unknown_company');
        if (company.suspendedAt) throw new IngestRefusal('suspended');
        const { day } = deps.calendar.dayOf(company.timezone, request.now);
        const salt =
          deps.salts.cached(company.id, day) ??
          (await deps.salts.load(company.id, day, new Date(request.now)));
        resolved.push({ company, salt });
      }
      await deps.visitIds.ensure(events.length);
      const ua = deps.enrichers.parseUserAgent(request.userAgent);
      if (ua.isBot) return 0;
      const wait = deps.ipLimiter.hit(request.ip, events.length, request.now);
      if (wait > 0) throw new IngestRefusal('ip_limit', wait);
      const rows = events.flatMap((event, index) => {
        const row = testEvent(deps, visits, request, ua, event, resolved[index] as Resolved);
        return row ? [row] : [];
      });
      await repos.testEvents.insert(rows);
      return rows.length;
    },
  };
}

/** One event as test traffic: enriched, in its test visit; undefined for an engagement ping without one. */
function testEvent(
  deps: PipelineDeps,
  visits: SessionTracker,
  request: IngestRequest,
  ua: UserAgentInfo,
  event: ParsedEvent,
  { company, salt }: Resolved,
): TestEventWrite | undefined {
  const visitor = deps.visitorIds.get(salt, company.id, request.ip, request.userAgent ?? '');
  const pathname = pagePath(event.url);
  const assigned = visits.assign(company.id, visitor, request.now, event.type, pathname);
  if (!assigned) return undefined;
  const { session } = assigned;
  session.attributes ??= trackedVisitAttributes(deps.enrichers, event, ua, request, company.internalHosts);
  const { hostname: _visitHost, ...origin } = session.attributes;
  const isEngagement = event.type === 'engagement';
  return {
    companyId: company.id,
    ts: request.now,
    kind: EVENT_KINDS[event.type],
    name: event.name ?? null,
    hostname: event.url.hostname,
    pathname,
    props: event.props ?? null,
    engagedMs: isEngagement ? (event.engaged_ms ?? null) : null,
    scrollDepth: isEngagement ? (event.scroll_depth ?? null) : null,
    visitId: session.id,
    visit: { ...origin, startedAt: session.startedAt.getTime(), entryPage: session.entryPage },
  };
}
