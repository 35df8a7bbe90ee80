import type { Repositories } from '@footfall/db';
import { exportLine } from './export-line';
import { storedVisits } from './stored-visits';
import { beginDataWork } from './work-underway';

const DAY_MS = 86_400_000;

/** A stretch of a company's export: the NDJSON text of the visits starting in it, and where it ended. */
export interface ExportStretch {
  text: string;
  /** The label of the stretch's last visit (visits are labelled 1, 2, … across the whole export). */
  label: number;
  /** Where the stretch ended: the next starts at or after it. */
  to: number;
}

/**
 * The first stretch of a company's stored events at or after `after` (from the first, without it): about
 * a day of visits, raw and packed alike, as NDJSON lines oldest first, each visit labelled after `label`;
 * undefined when nothing is stored there. A job of the analytics workers, so that a large day's decoding
 * and writing never holds the request thread.
 */
export async function exportStretch(
  repos: Pick<Repositories, 'analytics' | 'segments'>,
  companyId: number,
  after: number | undefined,
  label: number,
): Promise<ExportStretch | undefined> {
  const from = await nextStart(repos, companyId, after);
  if (from === undefined) return undefined;
  const { to, visits } = await storedVisits(repos, companyId, from, from + DAY_MS);
  const lines: { ts: number; text: string }[] = [];
  let labelled = label;
  for (const { visit, events } of visits) {
    labelled += 1;
    for (const event of events) {
      lines.push({ ts: event.ts, text: JSON.stringify(exportLine(visit, labelled, event)) });
    }
  }
  // Oldest first across the day's visits; a stable sort keeps each visit's own order.
  lines.sort((a, b) => a.ts - b.ts);
  const text = lines.map((line) => `${line.text}\n`).join('');
  return { text, label: labelled, to };
}

/**
 * A company's every stored event as NDJSON text, oldest visit first, raw and packed days alike, a stretch
 * at a time (`exportStretch`, skipping empty stretches in one query), so memory holds one day, whatever
 * the history's length. Packing waits while the export runs (`work-underway.ts`).
 */
export async function* exportNdjson(
  stretchAfter: (after: number | undefined, label: number) => Promise<ExportStretch | undefined>,
  companyId: number,
): AsyncGenerator<string> {
  const end = beginDataWork(companyId);
  try {
    let label = 0;
    let after: number | undefined;
    for (;;) {
      const stretch = await stretchAfter(after, label);
      if (!stretch) return;
      if (stretch.text !== '') yield stretch.text;
      label = stretch.label;
      after = stretch.to;
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
