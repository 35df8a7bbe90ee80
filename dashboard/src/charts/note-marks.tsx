import { crisp } from './axes';
import type { NoteMark } from './note-layout';
import type { TimeLayout } from './time-layout';

/** Half the width of a day's band when the chart has a single bucket or buckets far apart. */
const PIN_SIZE = 7;

/**
 * The site's notes on the chart, behind the lines: a dashed rule through a day's bucket, a light band over a
 * range of buckets, and a small pin at the top of each, so a launch or an outage is seen where it happened.
 * The words come with the tooltip of the buckets they cover.
 */
export function NoteMarks({ layout, marks }: { layout: TimeLayout; marks: readonly NoteMark[] }) {
  const { frame } = layout;
  return (
    <g className="ff-chart-notes" pointerEvents="none" data-notes={marks.length}>
      {marks.map(({ first, last, note }) => {
        const start = layout.xOf(first);
        const end = layout.xOf(last);
        return (
          <g key={note.id} className="ff-chart-note" data-note-id={note.id}>
            {last > first ? (
              <rect
                className="ff-chart-note-band"
                x={start}
                y={0}
                width={end - start}
                height={frame.innerHeight}
              />
            ) : (
              <line
                className="ff-chart-note-rule"
                x1={crisp(start)}
                x2={crisp(start)}
                y1={0}
                y2={frame.innerHeight}
              />
            )}
            <path
              className="ff-chart-note-pin"
              d={`M${start - PIN_SIZE / 2},0 h${PIN_SIZE} v${PIN_SIZE} l${-PIN_SIZE / 2},${PIN_SIZE / 2} l${-PIN_SIZE / 2},${-PIN_SIZE / 2} z`}
            />
          </g>
        );
      })}
    </g>
  );
}
