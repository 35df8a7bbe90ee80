import type { Change } from '@footfall/contract/format';

// What a tooltip says, apart from how it looks: the chart renders it as a card for the pointer and reads
// it out as one sentence to a screen reader when the keyboard moves the highlight.

/** The key of a row: a colour (a CSS custom property's name) drawn as a dot, or as a dash for a comparison. */
export interface Swatch {
  color: `--${string}`;
  dashed?: boolean;
}

export interface TooltipRow {
  label: string;
  value: string;
  swatch?: Swatch | undefined;
  /** A row that sums or frames the others (a total, a quota), set apart from them. */
  muted?: boolean;
}

export interface TooltipContent {
  title: string;
  rows: TooltipRow[];
  /** The change against the previous period, shown under the rows. */
  change?: Change | undefined;
  /** Notes on what happened then (the site's annotations), under the figures. */
  notes?: readonly string[] | undefined;
  /** What a click on the bucket does (`Click to show Thu, Mar 5, 2026`), last. */
  hint?: string | undefined;
}

/** The tooltip as one sentence, for the live region. */
export function tooltipText(content: TooltipContent): string {
  const rows = content.rows.map((row) => `${row.label} ${row.value}`).join(', ');
  const change = content.change ? `, ${content.change.text} against the previous period` : '';
  const notes = content.notes?.length ? `. Notes: ${content.notes.join('; ')}` : '';
  const hint = content.hint ? `. ${content.hint}` : '';
  return `${content.title}: ${rows}${change}${notes}${hint}`;
}
