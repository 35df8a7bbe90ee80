import { formatWhen, NO_VALUE } from '@footfall/contract/format';

// Formatters of the admin pages: sizes, money and dates as an administrator reads them.

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB'] as const;

/** A size in bytes as `512 B`, `12.4 MB`, `3 GB`: one decimal under 100 of a unit, none after (1 KB = 1024 B). */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return NO_VALUE;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${BYTE_UNITS[unit]}`;
}

/** An amount as typed (`19.5`, in the currency's major unit) to whole cents: 1950. */
export function centsOf(amount: string): number {
  return Math.round(Number(amount) * 100);
}

/** Cents as an amount to edit: `19.50`, or `19` for a whole amount. */
export function amountOf(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** An ISO timestamp as a date (`Nov 21, 2026`), or the dash for none. */
export function formatDate(iso: string | null | undefined): string {
  return iso && Number.isFinite(Date.parse(iso)) ? formatWhen(iso, { dayOnly: true }) : NO_VALUE;
}

/** An ISO timestamp with its time (`Nov 21, 2026, 9:30 AM`), or the dash for none. */
export function formatDateTime(iso: string | null | undefined): string {
  return iso && Number.isFinite(Date.parse(iso)) ? formatWhen(iso) : NO_VALUE;
}
