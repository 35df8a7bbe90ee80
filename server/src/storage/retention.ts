import { addDays, localDays, startOfDay, todayIn } from '../calendar/local-days';
import type { App } from '../types';
import { timeSlices } from '../workers/time-slices';

export interface PurgeCounts {
  companies: number;
  events: number;
  visits: number;
}

/**
 * Retention: deletes each company's events and visits older than its plan's `retention_days` (whole local
 * days before today − retention_days), packed or raw, after making sure every such day has its rollup, so
 * the summaries, timeseries and breakdowns of those days stay answerable. Filters need the visits, so
 * filtered queries see nothing before the retention window. Raw rows go a day at a time.
 */
export async function purgeExpiredEvents(
  app: Pick<App, 'analytics' | 'now' | 'repos'>,
): Promise<PurgeCounts> {
  const { analytics, segments } = app.repos;
  const now = app.now().getTime();
  const counts: PurgeCounts = { companies: 0, events: 0, visits: 0 };
  // A day per statement, with the request thread let go between them.
  const slices = timeSlices();
  for (const company of await analytics.retentionOfCompanies()) {
    const firstAt = [await analytics.firstVisitAt(company.id), await segments.firstStart(company.id)]
      .filter((instant) => instant !== undefined)
      .sort((a, b) => a - b)[0];
    if (firstAt === undefined) continue;
    const keepFrom = addDays(todayIn(company.timezone, now), -company.retentionDays);
    const firstDay = todayIn(company.timezone, firstAt);
    if (firstDay >= keepFrom) continue;
    const expired = localDays(company.timezone, firstDay, addDays(keepFrom, -1));
    // The rollups keep the days' figures once their rows are gone; built off the request thread.
    await app.analytics.run('dayTotals', {
      company: { id: company.id, timezone: company.timezone },
      days: expired,
      primary: true,
    });
    for (const day of expired) {
      await slices.pause();
      const deleted = await analytics.deleteRaw(company.id, day.startsAt, day.endsAt);
      counts.events += deleted.events;
      counts.visits += deleted.visits;
    }
    const packed = await segments.deleteBefore(company.id, startOfDay(company.timezone, keepFrom));
    counts.events += packed.events;
    counts.visits += packed.visits;
    counts.companies += 1;
  }
  return counts;
}
