import type { ChangeTone } from '@footfall/contract/format';

// The shapes every export format reads. A report is built once from an API answer and then written as
// CSV, XLSX or PDF, so the formats agree on what they contain and differ only in how they show it.

/**
 * How a column's values are stored and shown. Numbers stay numbers in every format, so a spreadsheet can
 * sum them: `percent` is on the 0–100 scale (a bounce rate of 42 is 42), `duration` is in seconds, and
 * `date` is a bucket's local date as the API writes it (`YYYY-MM-DD` or `YYYY-MM-DDTHH:00`).
 */
export type ColumnKind = 'text' | 'integer' | 'percent' | 'duration' | 'decimal' | 'date';

/** The kinds a summary figure can have: a number, never text or a date. */
export type FigureKind = Exclude<ColumnKind, 'text' | 'date'>;

export interface ExportColumn {
  /** The key of the column's value in each row. */
  key: string;
  label: string;
  kind: ColumnKind;
  /**
   * The column's text comes from what visitors' browsers sent (paths, referrers, UTM values, event names,
   * languages…), so anyone can put a spreadsheet formula there: the CSV export defuses it.
   */
  fromVisitors?: boolean;
}

/** A cell: text, a number (see {@link ColumnKind}) or nothing. */
export type ExportCell = string | number | null;

export interface ExportTable {
  /** A short name for files and programs, in lower case: `summary`, `timeseries`, `entry_pages`. */
  name: string;
  title: string;
  columns: ExportColumn[];
  rows: Record<string, ExportCell>[];
}

/** A filter the report's numbers were narrowed by, in words: `{label: 'Country', value: 'France (FR)'}`. */
export interface ExportFilter {
  label: string;
  value: string;
}

/** One headline number with, when a comparison was asked for, the previous period's value and the change. */
export interface SummaryFigure {
  label: string;
  value: number;
  kind: FigureKind;
  /** The same metric over the previous period. */
  previous?: number;
  /** The change against the previous period as the dashboard's cards show it: `+12%`, `-3%`, `—`. */
  change?: string;
  /** Whether the change is good news, for colouring it. */
  tone?: ChangeTone;
  /**
   * False when the previous period began before the site's first day with data: `change` then says so
   * ("no data before Oct 1") instead of comparing, and programs get no change percent.
   */
  comparable?: false;
}

export interface ExportReport {
  title: string;
  /** The company and the date range, e.g. `Acme · Oct 26 – Nov 24, 2026`. */
  subtitle: string;
  generatedAt: Date;
  /** The saved segment in force (first, as "Segment"), then each filter as its pill reads. */
  filters: ExportFilter[];
  /** The days the report covers, `YYYY-MM-DD` each, for programs (the subtitle says them for people). */
  range?: DateRange;
  summary: SummaryFigure[];
  tables: ExportTable[];
  /** The chart on screen; PDF exports rasterise it, so only browsers can use it. */
  chart?: SVGSVGElement;
}

/** A date range as the API gives it, `YYYY-MM-DD` each. */
export interface DateRange {
  from: string;
  to: string;
}
