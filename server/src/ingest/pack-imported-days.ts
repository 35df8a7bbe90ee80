import { isDataWorkUnderway } from '../data-control/work-underway';
import type { App } from '../types';

/**
 * Packs the ended days an import wrote to, on an analytics worker (docs/api.md "Imports"): raw rows cost a
 * scan about twenty times what a packed day costs, and the hourly pass may be most of an hour away, so an
 * imported month would otherwise be read slowly until then. Left to the hourly pass while another import
 * into the company, an export or a deletion is under way, which packing must not interleave with.
 * Answers how many days were packed.
 */
export async function packImportedDays(
  app: Pick<App, 'analytics' | 'importsUnderway'>,
  company: { id: number; timezone: string },
  dates: string[],
): Promise<number> {
  if (dates.length === 0 || app.importsUnderway.has(company.id) || isDataWorkUnderway(company.id)) return 0;
  const end = app.importsUnderway.begin(company.id);
  try {
    // A job a day, so that the workers pack days side by side (each day's pack is its own transaction).
    const { id, timezone } = company;
    const packed = await Promise.all(
      dates.map((date) => app.analytics.run('packDays', { company: { id, timezone }, dates: [date] })),
    );
    return packed.reduce((sum, counts) => sum + counts.days, 0);
  } finally {
    end();
  }
}
