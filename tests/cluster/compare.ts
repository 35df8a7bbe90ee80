// What a run leaves behind, read through the API, and how two runs are compared: the analytics detail of
// every site over several periods and filters, and every stored event from the export, grouped into visits.
import { type CreatedSite, call, login } from './api';

/** The queries read for each site: periods, intervals, comparison, and each kind of filter. */
export function detailQueries(site: CreatedSite, host: string): string[] {
  const goal = (name: string) => site.goals.find((candidate) => candidate.name === name)?.id;
  return [
    'period=today',
    'period=yesterday&interval=hour',
    'period=7d',
    'period=30d&compare=previous_period',
    'period=all',
    'period=custom&from=2026-10-30&to=2026-11-02&interval=hour',
    'period=custom&from=2026-10-31&to=2026-11-01',
    'period=7d&page=%2Fpricing',
    'period=7d&entry_page=%2F',
    'period=7d&referrer=google.com',
    'period=7d&utm_source=newsletter',
    'period=7d&device=mobile',
    'period=7d&country=US',
    `period=7d&hostname=docs.${host}`,
    'period=7d&event=signup&props_key=plan',
    'period=7d&prop%3Aplan=pro',
    `period=7d&goal=${goal('Purchased')}`,
    `period=30d&goal=${goal('Saw pricing')}&compare=previous_period`,
  ].map((query) => `${query}&limit=100`);
}

/** The analytics detail of each query, keyed by query; fails on any answer but 200. */
export async function readDetails(
  base: string,
  site: CreatedSite,
  host: string,
): Promise<Map<string, unknown>> {
  const token = await login(base, site.owner);
  const details = new Map<string, unknown>();
  for (const query of detailQueries(site, host)) {
    const answer = await call(base, 'GET', `/api/company-visitor-analytics-detail/${site.id}?${query}`, {
      token,
    });
    if (answer.status !== 200)
      throw new Error(`detail ${query} answered ${answer.status}: ${answer.text.slice(0, 300)}`);
    details.set(query, (answer.body as { data: unknown }).data);
  }
  return details;
}

export interface StoredEvents {
  /** Stored events by type (`pageview`, `event`, `engagement`). */
  byType: Map<string, number>;
  /**
   * Each stored visit as one canonical text: its events in order with everything stored about them and the
   * visit, but not the ids (visitor ids hash a random daily salt; the export numbers visits in its file).
   */
  visits: string[];
}

interface ExportLine {
  timestamp: string;
  visitor: unknown;
  visit: unknown;
  type: string;
  url?: string;
  [field: string]: unknown;
}

/** Every stored event of the site, from its export (raw and packed days alike). */
export async function readStoredEvents(base: string, site: CreatedSite): Promise<StoredEvents> {
  const token = await login(base, site.owner);
  const answer = await call(base, 'GET', `/api/companies/${site.id}/export`, { token });
  if (answer.status !== 200)
    throw new Error(`export answered ${answer.status}: ${answer.text.slice(0, 300)}`);
  const lines = answer.text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExportLine);
  const byType = new Map<string, number>();
  const visits = new Map<string, ExportLine[]>();
  for (const line of lines) {
    byType.set(line.type, (byType.get(line.type) ?? 0) + 1);
    const key = String(line.visit);
    visits.set(key, [...(visits.get(key) ?? []), line]);
  }
  const canonical = [...visits.values()].map((events) =>
    JSON.stringify(
      events
        .map(({ visitor: _visitor, visit: _visit, ...rest }) => rest)
        .sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
    ),
  );
  return { byType, visits: canonical.sort() };
}

/** The paths where two JSON values differ, each with both values, at most `max` of them. */
export function differences(a: unknown, b: unknown, path = '', found: string[] = [], max = 12): string[] {
  if (found.length >= max) return found;
  if (typeof a === 'object' && a !== null && typeof b === 'object' && b !== null) {
    if (Array.isArray(a) !== Array.isArray(b)) {
      found.push(`${path}: ${brief(a)} ≠ ${brief(b)}`);
      return found;
    }
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const key of keys) {
      differences(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
        found,
        max,
      );
    }
    return found;
  }
  if (!Object.is(a, b)) found.push(`${path}: ${brief(a)} ≠ ${brief(b)}`);
  return found;
}

/** A value as JSON, cut at `max` characters; `text` as it is. */
function brief(value: unknown, max = 80, text = JSON.stringify(value) ?? 'undefined'): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** How two sorted lists of canonical visits differ: counts and a few examples of each side's extras. */
export function visitDifferences(single: string[], cluster: string[]): string[] {
  const count = (list: string[]) => {
    const counts = new Map<string, number>();
    for (const item of list) counts.set(item, (counts.get(item) ?? 0) + 1);
    return counts;
  };
  const a = count(single);
  const b = count(cluster);
  const onlyIn = (x: Map<string, number>, y: Map<string, number>) =>
    [...x].flatMap(([item, n]) => Array<string>(Math.max(0, n - (y.get(item) ?? 0))).fill(item));
  const missing = onlyIn(a, b);
  const extra = onlyIn(b, a);
  if (missing.length === 0 && extra.length === 0) return [];
  const shortVisit = (visit: string) =>
    (JSON.parse(visit) as ExportLine[])
      .map((event) => `${event.timestamp.slice(5, 16)} ${event.type} ${event.url ?? ''}`.trim())
      .join(' | ');
  return [
    `visits: ${single.length} in one server's run, ${cluster.length} in three servers'; ${missing.length} of the first are not in the second, ${extra.length} of the second not in the first`,
    ...missing
      .slice(0, 3)
      .map((visit) => `  only with one server:    ${brief(null, 200, shortVisit(visit))}`),
    ...extra.slice(0, 3).map((visit) => `  only with three servers: ${brief(null, 200, shortVisit(visit))}`),
  ];
}
