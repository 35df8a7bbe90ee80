import type { CellObject } from 'write-excel-file/universal';
import { displayCell, isNumericKind } from './cells';
import type { ColumnKind, ExportCell } from './types';

// Cells keep their numbers, so a spreadsheet can sum and chart them; number formats only change how
// they read. Text is always written as a string cell, never a formula, so a page called `=cmd|…` is
// harmless here without the CSV export's apostrophe.

const NUMBER_FORMATS: Record<Exclude<ColumnKind, 'text' | 'date'>, string> = {
  integer: '#,##0',
  decimal: '#,##0.00',
  // The value stays on the API's 0–100 scale, like the CSV's; Excel's own `0%` would need 0.42 for 42%,
  // so the percent sign is a literal in the format.
  percent: '0"%"',
  // Excel times are fractions of a day; `[h]` lets hours run past 24 rather than wrap.
  duration: '[h]:mm:ss',
};

const SECONDS_PER_DAY = 86_400;
const BUCKET = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?$/;

/** A bucket's local date as a date cell. Built in UTC because Excel dates have no zone and the writer reads UTC. */
function dateCell(value: string): CellObject {
  const match = BUCKET.exec(value);
  if (!match) return { value, type: String };
  const [, year, month, day, hour, minute] = match;
  const date = new Date(
    Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hour ?? 0), Number(minute ?? 0)),
  );
  if (Number.isNaN(date.getTime())) return { value, type: String };
  return { value: date, type: Date, format: hour === undefined ? 'yyyy-mm-dd' : 'yyyy-mm-dd hh:mm' };
}

/** One cell of a column of `kind`; a value of another type than the kind expects is written as it is. */
export function xlsxCell(value: ExportCell | undefined, kind: ColumnKind): CellObject | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return kind === 'date' ? dateCell(value) : { value, type: String };
  if (!Number.isFinite(value)) return null;
  if (kind === 'text' || kind === 'date') return { value, type: Number };
  if (kind === 'duration') {
    return { value: value / SECONDS_PER_DAY, type: Number, format: NUMBER_FORMATS.duration };
  }
  return { value, type: Number, format: NUMBER_FORMATS[kind] };
}

/** A bold header cell, right-aligned over numbers as the numbers below it are. */
export function headerCell(label: string, kind: ColumnKind = 'text'): CellObject {
  return {
    value: label,
    type: String,
    fontWeight: 'bold',
    bottomBorderStyle: 'thin',
    align: isNumericKind(kind) ? 'right' : 'left',
  };
}

const MIN_WIDTH = 8;
const MAX_WIDTH = 60;

/** A column's width in characters: its longest text as shown, within bounds. */
export function columnWidth(texts: readonly string[]): number {
  const longest = texts.reduce((max, text) => Math.max(max, Array.from(text).length), 0);
  return Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, longest + 2));
}

/** How a cell reads, for measuring its column. */
export function shownText(value: ExportCell | undefined, kind: ColumnKind): string {
  return displayCell(value ?? null, kind);
}
