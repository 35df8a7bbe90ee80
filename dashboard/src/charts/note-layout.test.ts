import type { TimeseriesPoint } from '@footfall/contract';
import { describe, expect, it } from 'vitest';
import { type ChartNote, noteMarks, notesAt } from './note-layout';

const bucket = (date: string): TimeseriesPoint => ({
  date,
  visitors: 1,
  visits: 1,
  pageviews: 1,
  views_per_visit: 1,
  bounce_rate: 0,
  visit_duration: 0,
  events: 0,
});
const note = (id: number, date: string, end_date: string | null = null): ChartNote => ({
  id,
  date,
  end_date,
  text: `Note ${id}`,
  author: 'Ada',
});
const spans = (points: TimeseriesPoint[], notes: ChartNote[]) =>
  noteMarks(points, notes).map(({ first, last, note }) => [note.id, first, last]);

describe('noteMarks', () => {
  const days = ['2026-03-01', '2026-03-02', '2026-03-03', '2026-03-04'].map(bucket);

  it('puts a day on its bucket and a range on the buckets it covers, cut to the chart', () => {
    expect(
      spans(days, [
        note(1, '2026-03-02'),
        note(2, '2026-03-02', '2026-03-03'),
        note(3, '2026-02-20', '2026-03-01'),
        note(4, '2026-03-04', '2026-03-20'),
      ]),
    ).toEqual([
      [1, 1, 1],
      [2, 1, 2],
      [3, 0, 0],
      [4, 3, 3],
    ]);
  });

  it('leaves out a note that ends before the first bucket', () => {
    expect(spans(days, [note(1, '2026-02-01', '2026-02-28')])).toEqual([]);
  });

  it('spans the hours of a day, and finds the week or month that holds a day', () => {
    const hours = ['2026-03-01T22:00', '2026-03-01T23:00', '2026-03-02T00:00', '2026-03-02T01:00'].map(
      bucket,
    );
    expect(spans(hours, [note(1, '2026-03-02'), note(2, '2026-03-01')])).toEqual([
      [1, 2, 3],
      [2, 0, 1],
    ]);
    const weeks = ['2026-02-22', '2026-03-01', '2026-03-08'].map(bucket);
    expect(spans(weeks, [note(1, '2026-03-04'), note(2, '2026-02-25', '2026-03-09')])).toEqual([
      [1, 1, 1],
      [2, 0, 2],
    ]);
  });

  it('answers the notes on a bucket', () => {
    const marks = noteMarks(days, [note(1, '2026-03-02'), note(2, '2026-03-01', '2026-03-03')]);
    expect(notesAt(marks, 1).map((found) => found.id)).toEqual([1, 2]);
    expect(notesAt(marks, 3)).toEqual([]);
  });
});
