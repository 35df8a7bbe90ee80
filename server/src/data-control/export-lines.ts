import type { Repositories } from '@footfall/db';
import { exportLine } from './export-line';
import { storedVisits } from './stored-visits';
import { beginDataWork } from './work-underway';

const DAY_MS = 86_400_000;
/** Lines are handed on in chunks of about this many, so the stream neither trickles nor piles up. */
const LINES_PER_CHUNK = 500;

/**
 * A company's every stored event as NDJSON text, oldest visit first, raw and packed days alike. Read a day
 * of visits at a time (skipping empty stretches in one query), so memory holds one day, whatever the
 * history's length. Packing waits while the export runs (`work-underway.ts`).
 */
export async function* exportNdjson(
  repos: Pick<Repositories, 'analytics' | 'segments'>,
  companyId: number,
): AsyncGenerator<string> {
  const end = beginDataWork(companyId);
  try {
    let label = 0;
    let from = await nextStart(repos, companyId);
    while (from !== undefined) {
      const { to, visits } = await storedVisits(repos, companyId, from, from + DAY_MS);
      const lines: { ts: number; text: string }[] = [];
      for (const { visit, events } of visits) {
        label += 1;
        for (const event of events) {
          lines.push({ ts: event.ts, text: JSON.stringify(exportLine(visit, label, event)) });
        }
      }
      // Oldest first across the day's visits; a stable sort keeps each visit's own order.
      lines.sort((a, b) => a.ts - b.ts);
      for (let at = 0; at < lines.length; at += LINES_PER_CHUNK) {
        yield `${lines
          .slice(at, at + LINES_PER_CHUNK)
          .map((line) => line.text)
          .join('\n')}\n`;
      }
      from = await nextStart(repos, companyId, to);
    }
  } finally {
    end();
  }
}

/** Where the company's next stored visit or packed day starts, at or after `from`. */
async function nextStart(
  repos: Pick<Repositories, 'analytics' | 'segments'>,
  companyId: number,
  from?: number,
): Promise<number | undefined> {
  const starts = [
    await repos.analytics.firstVisitAt(companyId, from),
    await repos.segments.firstStart(companyId, from),
  ].filter((start) => start !== undefined);
  return starts.length === 0 ? undefined : Math.min(...starts);
}
