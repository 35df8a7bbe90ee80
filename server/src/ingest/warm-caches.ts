import type { ParsedEvent } from './parse';
import type { PipelineDeps } from './pipeline-deps';

// The pipeline's steps read companies, usage and salts from caches, synchronously. When a request needs
// something not cached yet (a company's first event, a new day or month), this loads it first; the
// pipeline then resolves the request's events again.

/**
 * Loads into the caches what the pipeline's steps will read for these events: each tracking key's company,
 * and for each known company the month's usage and the day's salt.
 */
export async function loadCaches(deps: PipelineDeps, events: ParsedEvent[], now: number): Promise<void> {
  for (const event of events) {
    // `get`, not `cached() ?? load()`: a cached null (an unknown key) must not cost a query.
    const company = await deps.companies.get(event.company, now);
    if (!company) continue;
    const day = deps.calendar.dayOf(company.timezone, now);
    if (deps.usage.cached(company.id, day.month) === undefined) await deps.usage.load(company.id, day.month);
    if (deps.salts.cached(company.id, day.day) === undefined) {
      await deps.salts.load(company.id, day.day, new Date(now));
    }
  }
}

/** A value `warmCaches` made sure of; missing only through a bug. */
export function warmed<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`ingestion: ${what} was not in its cache`);
  return value;
}
