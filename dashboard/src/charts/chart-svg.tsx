import type { Frame } from './frame';

/**
 * Written on every chart's root `<svg>`: an SVG serialised on its own (the PNG and PDF exports) is only
 * read as an image when it names its namespace.
 */
export const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

/** A note in the middle of an empty plot, so an empty chart does not look like one still loading. */
export function EmptyNote({ frame, text = 'No data for this period' }: { frame: Frame; text?: string }) {
  return (
    <text className="ff-chart-empty" x={frame.innerWidth / 2} y={frame.innerHeight / 2} textAnchor="middle">
      {text}
    </text>
  );
}

/** Joins the chart's own class with the one its screen passes. */
export function chartClass(base: string, extra: string | undefined): string {
  return extra ? `${base} ${extra}` : base;
}
