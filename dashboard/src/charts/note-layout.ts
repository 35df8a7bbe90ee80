import type { Annotation, TimeseriesPoint } from '@footfall/contract';

/** A note as the chart draws it: the API's annotation. */
export type ChartNote = Pick<Annotation, 'id' | 'date' | 'end_date' | 'text' | 'author'>;

/** Where a note sits on the chart: the buckets, by index, from the one holding its first day to its last. */
export interface NoteMark {
  first: number;
  last: number;
  note: ChartNote;
}

/** The local day a bucket starts on: its date without the hour. */
const dayOf = (point: TimeseriesPoint | undefined) => point?.date.slice(0, 10) ?? '';

/** The last bucket that starts on or before `day` (buckets are in date order), or -1 when all start after. */
function lastStartingBy(points: readonly TimeseriesPoint[], day: string): number {
  let found = -1;
  for (let index = 0; index < points.length && dayOf(points[index]) <= day; index++) found = index;
  return found;
}

/**
 * The marks of `notes` on the chart of `points`: a note covers the buckets from the one that holds its first
 * day (the first hour of that day on an hourly chart, the week or month holding it otherwise) to the one
 * that holds its last day; a note that began before the chart starts at its first bucket, one that ends
 * after it at its last. The analytics answer carries only the notes that touch its range, so every note
 * falls on the chart; one that ends before its first bucket is left out. Dates are `YYYY-MM-DD`, so they
 * compare as strings.
 */
export function noteMarks(points: readonly TimeseriesPoint[], notes: readonly ChartNote[]): NoteMark[] {
  const marks: NoteMark[] = [];
  for (const note of notes) {
    const last = lastStartingBy(points, note.end_date ?? note.date);
    if (last < 0) continue;
    const firstOfDay = points.findIndex((point) => dayOf(point) === note.date);
    const first = firstOfDay >= 0 ? firstOfDay : Math.max(0, lastStartingBy(points, note.date));
    marks.push({ first, last: Math.max(first, last), note });
  }
  return marks;
}

/** The notes whose buckets include `index`, in their order. */
export function notesAt(marks: readonly NoteMark[], index: number): ChartNote[] {
  return marks.filter((mark) => mark.first <= index && index <= mark.last).map((mark) => mark.note);
}
