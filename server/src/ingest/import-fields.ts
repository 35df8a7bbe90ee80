import { isStorableText, STORABLE_TEXT_RULE } from '../validation/text';
import { STATED_VISIT_TEXTS } from './import-visit-fields';

// The fields an import line adds to a tracker event (docs/api.md "Imports"), read before the event is validated.

const NUMERIC_FIELDS = ['screen_width', 'engaged_ms', 'scroll_depth'];

/** CSV cells are strings: numbers and the props JSON are converted back before validation. */
export function fromCsvCells(record: Record<string, unknown>): string | undefined {
  for (const field of NUMERIC_FIELDS) {
    const cell = record[field];
    if (typeof cell === 'string') record[field] = cell === '' ? null : Number(cell);
  }
  if (typeof record.props === 'string') {
    if (record.props === '') record.props = null;
    else {
      try {
        record.props = JSON.parse(record.props);
      } catch {
        return 'props must be a JSON object';
      }
    }
  }
  for (const key in record) if (record[key] === '') record[key] = null;
  return undefined;
}

export function readTimestamp(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

// What the event's own validation does not see. The user agent's browser and OS names are stored; the
// others are only read, but a line that carries a NUL in them is no more to be trusted.
const LINE_TEXT_FIELDS = [
  'visitor',
  'visit',
  'user_agent',
  'ip',
  'country',
  'timestamp',
  ...STATED_VISIT_TEXTS,
];

/** Why the line is rejected when one of its own texts breaks the text rule (validation/text.ts). */
export function unstorableLineField(record: Record<string, unknown>): string | undefined {
  for (const field of LINE_TEXT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' && !isStorableText(value)) return `${field} ${STORABLE_TEXT_RULE}`;
  }
  return undefined;
}
