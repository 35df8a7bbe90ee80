import type { Repositories } from '@footfall/db';
import { type Day, localDays, todayIn } from '../calendar/local-days';
import { isDataWorkUnderway } from '../data-control/work-underway';
import type { ImportsUnderway } from '../ingest/imports-underway';
import type { AnalyticsRunner } from '../workers/analytics-runner';
import { PACK_AFTER_MS, type PackCounts } from './packing';

// The hourly pass that packs what days have ended (`packing.ts` packs one day, on a worker): apart from the
// day's packing so that the worker's jobs, which pack, need not know the runner that sends them.

/** What the pass reads: the raw rows' first days, the clock, the imports under way and the workers. */
export interface PackingDeps {
  repos: Pick<Repositories, 'analytics'>;
  now(): Date;
  importsUnderway: Pick<ImportsUnderway, 'has'>;
  analytics: Pick<AnalyticsRunner, 'run'>;
}

/**
 * Packs every company's ended days that still have raw rows, oldest first, a day per transaction.
 * Companies with an import under way wait for the next pass; a pack that finds rows written since it read
 * them changes nothing and is tried again at the next pass. Each day is packed on an analytics worker.
 * `onDay` reports progress.
 */
export async function packEndedDays(
  app: PackingDeps,
  onDay: (companyId: number, day: Day) => void = () => {},
): Promise<PackCounts> {
  const { analytics } = app.repos;
  const counts: PackCounts = { days: 0, visits: 0, events: 0 };
  for (const company of await analytics.retentionOfCompanies()) {
    for (;;) {
      const firstVisitAt = await analytics.firstVisitAt(company.id);
      if (firstVisitAt === undefined || app.importsUnderway.has(company.id) || isDataWorkUnderway(company.id))
        break;
      const date = todayIn(company.timezone, firstVisitAt);
      const day = localDays(company.timezone, date, date)[0] as Day;
      if (day.endsAt + PACK_AFTER_MS > app.now().getTime()) break;
      // On an analytics worker: reading, building and writing a large day takes seconds.
      const { id, timezone } = company;
      const packed = await app.analytics.run('packDays', { company: { id, timezone }, dates: [day.date] });
      // Rows written since the pack read them: tried again at the next pass.
      if (packed.days === 0) break;
      counts.days += packed.days;
      counts.visits += packed.visits;
      counts.events += packed.events;
      onDay(company.id, day);
    }
  }
  return counts;
}
