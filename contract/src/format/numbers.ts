import { currentLocale, NO_VALUE, numberFormat, roundHalfAway } from './intl';

/** Options of {@link formatPercent}. */
export interface PercentOptions {
  /**
   * How many decimals to show, always that many (`42.0%`) so columns line up: a whole number from 0 to
   * 100 (Intl throws a RangeError otherwise). Defaults to 0.
   */
  decimals?: number;
}

/** Intl writes thousands as `K`; analytics dashboards, and every figure of Footfall's, as a lower-case `k`. */
function lowerThousands(parts: Intl.NumberFormatPart[]): string {
  return parts.map((part) => (part.type === 'compact' && part.value === 'K' ? 'k' : part.value)).join('');
}

/**
 * A count in a few characters for cards and chart axes: `999`, `1.2k`, `12k`, `120k`, `1.2M`, `1.5B`.
 *
 * Below 1000 the whole number is shown; above, one decimal while under 10 of a unit and none after.
 * A value that rounds up to the next unit moves to it (`999 999` → `1M`, never `1000k`). Fractions are
 * rounded to whole numbers first, negatives keep their sign, and a non-finite value is {@link NO_VALUE}.
 */
export function formatCompact(n: number, locale: string = currentLocale()): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const format = numberFormat(locale, 'compact', { notation: 'compact', signDisplay: 'negative' });
  return lowerThousands(format.formatToParts(roundHalfAway(n)));
}

/**
 * A count in full with digit grouping: `12,345`. Fractions are rounded to whole numbers, and a
 * non-finite value is {@link NO_VALUE}.
 */
export function formatNumber(n: number, locale: string = currentLocale()): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  return numberFormat(locale, 'integer', { maximumFractionDigits: 0, signDisplay: 'negative' }).format(n);
}

/**
 * A percentage given on the 0–100 scale (a bounce rate of 42 is `42%`, not 0.42), rounded to
 * `options.decimals` decimals (0 by default). A non-finite value is {@link NO_VALUE}.
 */
export function formatPercent(
  n: number,
  options: PercentOptions = {},
  locale: string = currentLocale(),
): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  const decimals = options.decimals ?? 0;
  // The `percent` unit takes the number as it is; the `percent` style would need n / 100, whose binary
  // rounding error can tip a half the wrong way (1.45 / 100 shows as 1.4% with one decimal).
  return numberFormat(locale, `percent-${decimals}`, {
    style: 'unit',
    unit: 'percent',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    signDisplay: 'negative',
  }).format(n);
}

/** A conversion rate, in percent with one decimal as the API gives it: `12.5%`, `55.0%`. */
export function formatConversionRate(percent: number, locale: string = currentLocale()): string {
  return formatPercent(percent, { decimals: 1 }, locale);
}

/** A scroll depth in whole percent: `72%`; null (no engagement report) is {@link NO_VALUE}. */
export function formatScrollDepth(
  percent: number | null | undefined,
  locale: string = currentLocale(),
): string {
  if (percent === null || percent === undefined) return NO_VALUE;
  return formatPercent(percent, {}, locale);
}

/**
 * Views per visit (or any small ratio) with at most two decimals and no trailing zeros: `1.5`, `2`,
 * `3.25`. A non-finite value (0 views over 0 visits) is {@link NO_VALUE}.
 */
export function formatViewsPerVisit(n: number, locale: string = currentLocale()): string {
  if (!Number.isFinite(n)) return NO_VALUE;
  return numberFormat(locale, 'ratio', { maximumFractionDigits: 2, signDisplay: 'negative' }).format(n);
}

/**
 * An amount in its currency with the currency's own decimals, as the locale writes it: `€60.00`,
 * `$19.99`, `¥1,200`. A currency code Intl does not know still reads: `60.00 XYZ`.
 */
export function formatMoney(amount: number, currency: string, locale: string = currentLocale()): string {
  if (!Number.isFinite(amount)) return NO_VALUE;
  try {
    return numberFormat(locale, `money-${currency}`, { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}

/**
 * A price given in cents (of the currency's major unit) as people read one: `$19`, `$9.50`, `€9,900`;
 * whole amounts without their cents. The currency code may be lower-case, as payment providers write it.
 */
export function formatPrice(cents: number, currency: string, locale: string = currentLocale()): string {
  const code = currency.toUpperCase();
  const decimals = cents % 100 === 0 ? 0 : 2;
  try {
    return numberFormat(locale, `price-${code}-${decimals}`, {
      style: 'currency',
      currency: code,
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${code}`;
  }
}

/**
 * An amount short enough for a card or a narrow column, by the same rule as {@link formatCompact}'s
 * counts beside it: exact below 1 000 (`€60.00`), then one decimal under ten of a unit and none after
 * (`€3.5k`, `€14k`, `€1.2M`).
 */
export function formatMoneyShort(amount: number, currency: string, locale: string = currentLocale()): string {
  if (!Number.isFinite(amount) || Math.abs(amount) < 1000) return formatMoney(amount, currency, locale);
  try {
    const format = numberFormat(locale, `money-short-${currency}`, {
      style: 'currency',
      currency,
      notation: 'compact',
      signDisplay: 'negative',
    });
    return lowerThousands(format.formatToParts(amount));
  } catch {
    return `${formatCompact(amount, locale)} ${currency}`;
  }
}
