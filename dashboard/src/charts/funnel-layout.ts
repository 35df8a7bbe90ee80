import { formatNumber, formatPercent } from '@footfall/contract/format';
import { estimateTextWidth } from './scales';

// The funnel chart's geometry: one row per step, top to bottom, each a line of text (the step's name, its
// visitors and their share of the first step) over a bar as long as its visitors against the widest step.
// From the end of a bar to the end of the bar above runs a lighter segment: the visitors the step lost,
// labelled with the drop-off when it has room. Rows rather than columns: eight steps and their names still
// fit a phone's width, where eight columns would leave no room for a name under each.

/** What the chart needs of a step of the funnel's report. */
export interface FunnelStepInput {
  name: string;
  visitors: number;
  /** The previous step's visitors minus this one's; 0 for the first. */
  dropoff: number;
  /** `dropoff` against the previous step, in percent with one decimal (the API's). */
  dropoff_rate: number;
}

export interface FunnelSegment {
  x: number;
  width: number;
  /** `−12 · 40.0%`, or null when the segment is too narrow to hold it. */
  label: string | null;
}

export interface FunnelRow {
  index: number;
  /** `2. Signed up`, cut with an ellipsis to leave room for the value beside it. */
  label: string;
  /** The whole name, for a tooltip when the label is cut. */
  name: string;
  /** `1,234 · 45.6%`: the visitors and their share of the first step. */
  value: string;
  /** The share of the first step's visitors, in percent with one decimal. */
  share: number;
  /** The baseline of the row's text. */
  textY: number;
  barY: number;
  barWidth: number;
  /** The visitors lost since the step before; null for the first step and when nobody was lost. */
  dropoff: FunnelSegment | null;
}

export interface FunnelLayout {
  width: number;
  height: number;
  barHeight: number;
  rows: FunnelRow[];
  /** Nobody entered the funnel: every bar is empty. */
  isEmpty: boolean;
}

export const FUNNEL_FONT_SIZE = 13;
const TEXT_LINE = 20;
const BAR_HEIGHT = 26;
const ROW_GAP = 14;
/** Room kept between a step's name and its value, and inside a segment around its label. */
const TEXT_GAP = 12;
/** A step with any visitor shows at least this much bar. */
const MIN_BAR = 2;

/** The height of a funnel of `steps` steps, known before the width is measured. */
export function funnelHeight(steps: number): number {
  return Math.max(1, steps) * (TEXT_LINE + BAR_HEIGHT + ROW_GAP) - ROW_GAP;
}

/** `part` of `whole` in percent with one decimal, halves up as the API rounds; 0 when `whole` is 0. */
export function shareOf(part: number, whole: number): number {
  if (!(whole > 0)) return 0;
  // Whole numbers only until the last step, so a true half rounds up rather than by binary chance.
  return Math.floor((2000 * part + whole) / (2 * whole)) / 10;
}

/** `text` cut to fit `width` pixels at the chart's font size, with an ellipsis when it was cut. */
export function fitText(text: string, width: number, fontSize = FUNNEL_FONT_SIZE): string {
  if (estimateTextWidth(text, fontSize) <= width) return text;
  const characters = [...text];
  let kept = characters.length;
  while (kept > 0 && estimateTextWidth(`${characters.slice(0, kept).join('')}…`, fontSize) > width) kept -= 1;
  return kept === 0 ? '' : `${characters.slice(0, kept).join('').trimEnd()}…`;
}

export function funnelLayout(
  steps: readonly FunnelStepInput[],
  width: number,
  locale?: string,
): FunnelLayout {
  const first = steps[0]?.visitors ?? 0;
  const widest = Math.max(0, ...steps.map((step) => step.visitors));
  const barOf = (visitors: number) =>
    widest > 0 && visitors > 0 ? Math.max(MIN_BAR, (visitors / widest) * width) : 0;
  const rows = steps.map((step, index): FunnelRow => {
    const top = index * (TEXT_LINE + BAR_HEIGHT + ROW_GAP);
    const share = shareOf(step.visitors, first);
    const value = `${formatNumber(step.visitors, locale)} · ${formatPercent(share, { decimals: 1 }, locale)}`;
    const room = width - estimateTextWidth(value, FUNNEL_FONT_SIZE) - TEXT_GAP;
    const name = `${index + 1}. ${step.name}`;
    const barWidth = barOf(step.visitors);
    const previous = steps[index - 1];
    let dropoff: FunnelSegment | null = null;
    if (previous && step.dropoff > 0) {
      const end = barOf(previous.visitors);
      const segment = Math.max(0, end - barWidth);
      const text = `−${formatNumber(step.dropoff, locale)} · ${formatPercent(step.dropoff_rate, { decimals: 1 }, locale)}`;
      const fits = estimateTextWidth(text, FUNNEL_FONT_SIZE) + 2 * TEXT_GAP <= segment;
      dropoff = { x: barWidth, width: segment, label: fits ? text : null };
    }
    return {
      index,
      label: fitText(name, room),
      name,
      value,
      share,
      textY: top + TEXT_LINE - 6,
      barY: top + TEXT_LINE,
      barWidth,
      dropoff,
    };
  });
  return { width, height: funnelHeight(steps.length), barHeight: BAR_HEIGHT, rows, isEmpty: widest === 0 };
}
