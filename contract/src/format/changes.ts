import type { AnalyticsSummary } from '../analytics/analytics';
import { currentLocale, NO_VALUE, numberFormat, roundHalfAway } from './intl';

/**
 * The largest change, in whole percent, that {@link formatChange} writes out; a larger one is written as
 * beyond it (`>999%`), since a figure that big says more about a tiny previous period than about growth.
 */
export const CHANGE_DISPLAY_CAP = 999;

/** What a change reads when the previous period had nothing to compare with. */
export const NEW_CHANGE_TEXT = 'new';

/** Which way a metric moved against the previous period; `new` when the previous period had nothing. */
export type ChangeDirection = 'up' | 'down' | 'flat' | 'new';

/** Whether a change is good news for the metric it belongs to. */
export type ChangeTone = 'good' | 'bad' | 'neutral';

/** A change against the previous period, ready for a card, a mail or a report. */
export interface Change {
  /**
   * A count's change in whole percent (`+12%`, `-3%`, `0%`, `>999%`), a rate's in percentage points
   * (`+5 pts`, `-0.4 pts`, `0 pts`); `new` when the previous period had nothing; {@link NO_VALUE} when
   * there is nothing to say.
   */
  text: string;
  direction: ChangeDirection;
  tone: ChangeTone;
}

/** Options of {@link formatChange} and {@link formatRateChange}. */
export interface ChangeOptions {
  /** The metric improves as it falls (bounce rate, load time), so a fall is `good` and a rise `bad`. */
  lowerIsBetter?: boolean;
}

const UNKNOWN: Change = { text: NO_VALUE, direction: 'flat', tone: 'neutral' };
const NEW: Change = { text: NEW_CHANGE_TEXT, direction: 'new', tone: 'neutral' };

function measured(size: number, text: string, options: ChangeOptions): Change {
  if (size === 0) return { text, direction: 'flat', tone: 'neutral' };
  const direction = size > 0 ? 'up' : 'down';
  const improved = direction === (options.lowerIsBetter ? 'down' : 'up');
  return { text, direction, tone: improved ? 'good' : 'bad' };
}

/**
 * The change of a count (visitors, pageviews, a duration) against the previous period.
 *
 * The text is the signed change in whole percent (`+12%`, `-3%`); a change that rounds to 0 is `0%`
 * and `flat`, so the arrow never disagrees with the number. Changes beyond ±{@link CHANGE_DISPLAY_CAP}%
 * are written as beyond it (`>999%`, `<-999%`), never as if measured at the cap. When the previous
 * period was zero and this one is not, there is no percentage to give: the text and direction are `new`.
 * Both zero, or either value not finite, is a neutral, flat {@link NO_VALUE}.
 *
 * The tone says whether the move is good news: up is `good` unless `options.lowerIsBetter`, in which
 * case down is. Flat, new and unknown changes are `neutral`.
 */
export function formatChange(
  current: number,
  previous: number,
  options: ChangeOptions = {},
  locale: string = currentLocale(),
): Change {
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return UNKNOWN;
  // Nothing in either period (an empty site) is no change to speak of: a dash, not a measured 0%.
  if (previous === 0) return current === 0 ? UNKNOWN : NEW;

  // Multiplying before dividing keeps the result exact for whole counts, so true halves round as halves.
  const percent = roundHalfAway(((current - previous) * 100) / Math.abs(previous));
  const text =
    percent > CHANGE_DISPLAY_CAP
      ? `>${signedPercent(CHANGE_DISPLAY_CAP, locale, 'never')}`
      : percent < -CHANGE_DISPLAY_CAP
        ? `<${signedPercent(-CHANGE_DISPLAY_CAP, locale)}`
        : signedPercent(percent, locale);
  return measured(percent, text, options);
}

function signedPercent(
  percent: number,
  locale: string,
  signDisplay: 'exceptZero' | 'never' = 'exceptZero',
): string {
  return numberFormat(locale, `change-${signDisplay}`, {
    style: 'unit',
    unit: 'percent',
    maximumFractionDigits: 0,
    signDisplay,
  }).format(percent);
}

/**
 * The change of a rate (bounce rate, conversion rate), both given on the 0–100 scale, in percentage
 * points to one decimal at most: 40% → 45% is `+5 pts`, never `+13%`, which reads as if it were a count.
 * `1 pt` is singular; a change that rounds to zero is `0 pts` and flat.
 *
 * A rate is only known when its period had something to take it of: `previous` is null when the previous
 * period had none (the change is `new`), `current` null when this one has none (a dash).
 */
export function formatRateChange(
  current: number | null,
  previous: number | null,
  options: ChangeOptions = {},
  locale: string = currentLocale(),
): Change {
  if (current === null || !Number.isFinite(current)) return UNKNOWN;
  if (previous === null) return NEW;
  if (!Number.isFinite(previous)) return UNKNOWN;
  // Tenths of a point, counted as whole numbers so that a half rounds the same way up and down.
  const tenths = roundHalfAway(Math.round(current * 10) - Math.round(previous * 10));
  const points = tenths / 10;
  const size = numberFormat(locale, 'points', {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(points);
  return measured(tenths, `${size} ${Math.abs(points) === 1 ? 'pt' : 'pts'}`, options);
}

/** The summary's figures that are rates, each with the count it is a rate of (none of it: no rate). */
export const SUMMARY_RATES: Partial<Record<keyof AnalyticsSummary, keyof AnalyticsSummary>> = {
  bounce_rate: 'visits',
  // The mean percent scrolled, of the pages the filter selects.
  scroll_depth: 'pageviews',
};

/** The summary's figures that improve as they fall. */
export const LOWER_IS_BETTER: ReadonlySet<keyof AnalyticsSummary> = new Set(['bounce_rate']);

type SummaryFigures = Pick<AnalyticsSummary, 'visitors' | 'visits' | 'pageviews' | 'bounce_rate'> &
  Partial<AnalyticsSummary>;

/**
 * The change of one of the summary's figures, as the dashboard's cards and chart, the sites overview, the
 * exports and the mails all write it: counts in percent, rates in points (good when the figure falls, for
 * those in {@link LOWER_IS_BETTER}). A rate is null for a period with nothing to take it of.
 */
export function formatFigureChange(
  key: keyof AnalyticsSummary,
  current: number | null,
  previous: number | null,
  locale: string = currentLocale(),
): Change {
  const options = { lowerIsBetter: LOWER_IS_BETTER.has(key) };
  if (SUMMARY_RATES[key] !== undefined) return formatRateChange(current, previous, options, locale);
  if (current === null || previous === null) return UNKNOWN;
  return formatChange(current, previous, options, locale);
}

/**
 * The change of one of the summary's figures between two periods' summaries ({@link formatFigureChange}),
 * a rate of a period without visits being unknown whatever the 0 it is stored as.
 */
export function formatSummaryChange(
  key: keyof AnalyticsSummary,
  current: SummaryFigures,
  previous: SummaryFigures,
  locale: string = currentLocale(),
): Change {
  const now = current[key];
  const before = previous[key];
  if (typeof now !== 'number' || typeof before !== 'number') return UNKNOWN;
  const base = SUMMARY_RATES[key];
  const rateOf = (summary: SummaryFigures, rate: number) =>
    base === undefined || (summary[base] ?? 0) > 0 ? rate : null;
  return formatFigureChange(key, rateOf(current, now), rateOf(previous, before), locale);
}
