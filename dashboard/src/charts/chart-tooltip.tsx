import { Fragment, useLayoutEffect, useRef } from 'react';
import type { TooltipContent, TooltipRow } from './tooltip-content';

/** Space between the crosshair and the card. */
const TOOLTIP_GAP = 12;

/**
 * Where the card's left edge goes: right of the crosshair if it fits in the chart, else left of it, else
 * (a narrow chart) as close to centred on it as the chart's edges allow.
 */
export function tooltipLeft(x: number, cardWidth: number, chartWidth: number, gap = TOOLTIP_GAP): number {
  if (x + gap + cardWidth <= chartWidth) return x + gap;
  if (x - gap - cardWidth >= 0) return x - gap - cardWidth;
  return Math.max(0, Math.min(x - cardWidth / 2, chartWidth - cardWidth));
}

interface ChartTooltipProps {
  content: TooltipContent;
  /** The highlighted bucket's x in the chart's box, where the crosshair is. */
  x: number;
  /** The chart's width, which the card stays inside. */
  width: number;
  top: number;
}

/**
 * The card beside the crosshair. It is plain HTML over the SVG, so it is never part of an exported image,
 * and it is hidden from assistive technology, which hears the same words through the live region.
 */
export function ChartTooltip({ content, x, width, top }: ChartTooltipProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The card's width depends on its words, so it is placed after layout and before paint.
  useLayoutEffect(() => {
    const card = ref.current;
    if (card) card.style.left = `${tooltipLeft(x, card.offsetWidth, width)}px`;
  });
  return (
    <div ref={ref} className="ff-chart-tooltip" style={{ left: x + TOOLTIP_GAP, top }} aria-hidden="true">
      <div className="ff-chart-tooltip-title">{content.title}</div>
      {content.rows.map((row) => (
        <Row key={`${row.label}|${row.swatch?.color ?? ''}`} row={row} />
      ))}
      {content.change ? (
        <div className="ff-chart-tooltip-change">
          <span
            className="ff-chart-change"
            data-tone={content.change.tone}
            data-direction={content.change.direction}
          >
            {content.change.text}
          </span>{' '}
          vs previous period
        </div>
      ) : null}
      {content.notes?.length ? (
        <ul className="ff-chart-tooltip-notes">
          {content.notes.map((note, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one tooltip, never reordered
            <li key={index}>{note}</li>
          ))}
        </ul>
      ) : null}
      {content.hint ? <div className="ff-chart-tooltip-hint">{content.hint}</div> : null}
    </div>
  );
}

function Row({ row }: { row: TooltipRow }) {
  return (
    <div className="ff-chart-tooltip-row" data-muted={row.muted ? 'true' : undefined}>
      {row.swatch ? (
        <span
          className="ff-chart-swatch"
          data-dashed={row.swatch.dashed ? 'true' : undefined}
          // The swatch paints in currentColor, so the series colour reaches it as a custom property.
          style={{ color: `var(${row.swatch.color})` }}
        />
      ) : null}
      <span className="ff-chart-tooltip-label">{breakable(row.label)}</span>
      <span className="ff-chart-tooltip-value">{row.value}</span>
    </div>
  );
}

/** Lets a long path (an endpoint) wrap after its slashes instead of in the middle of a word. */
function breakable(text: string) {
  const parts = text.split('/');
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 ? (
        <>
          /<wbr />
        </>
      ) : null}
    </Fragment>
  ));
}

/** Speaks the highlighted bucket when the keyboard moves to it; silent while the pointer moves. */
export function LiveRegion({ text }: { text: string }) {
  return (
    <div className="ff-chart-sr-only" aria-live="polite" aria-atomic="true">
      {text}
    </div>
  );
}
