import type { App } from '../types';
import { addDays, localDays, todayIn } from './calendar';
import { rolledUpDays } from './rollups';

export interface PurgeCounts {
  companies: number;
  events: number;
  visits: number;
}

/**
 * Retention: deletes each company's raw events and visits older than its plan's `retention_days` (whole
 * local days before today − retention_days), after making sure every such day has its rollup, so the
 * summaries, timeseries and breakdowns of those days stay answerable. Filters need raw rows, so filtered
 * queries see nothing before the retention window. Goes a day at a time.
 */
export async function purgeExpiredEvents(app: App): Promise<PurgeCounts> {
  const { analytics } = app.repos;
  const now = app.now().getTime();
  const counts: PurgeCounts = { companies: 0, events: 0, visits: 0 };
  for (const company of await analytics.retentionOfCompanies()) {
    const firstVisitAt = await analytics.firstVisitAt(company.id);
    if (firstVisitAt === undefined) continue;
    const keepFrom = addDays(todayIn(company.timezone, now), -company.retentionDays);
    const firstDay = todayIn(company.timezone, firstVisitAt);
    if (firstDay >= keepFrom) continue;
    const expired = localDays(company.timezone, firstDay, addDays(keepFrom, -1));
    await rolledUpDays(app.repos, company, expired, now);
    for (const day of expired) {
      const deleted = await analytics.deleteRaw(company.id, day.startsAt, day.endsAt);
      counts.events += deleted.events;
      counts.visits += deleted.visits;
    }
    counts.companies += 1;
  }
  return counts;
}
