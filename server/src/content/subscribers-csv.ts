import type { Subscriber } from '@footfall/db';

// Spreadsheets run a cell that starts with one of these as a formula; an address such as `=1+2@x.io` is
// valid, so such cells get a leading apostrophe (OWASP's advice for CSV exports).
const FORMULA_START = /^[=+\-@\t\r]/;

/** One RFC 4180 field: quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `email,subscribed_at` and a row per subscriber, in the order given, CRLF line ends (RFC 4180). */
export function subscribersCsv(subscribers: Subscriber[]): string {
  const lines = ['email,subscribed_at'];
  for (const subscriber of subscribers) {
    lines.push(`${csvField(subscriber.email)},${csvField(subscriber.createdAt.toISOString())}`);
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** `subscribers-2026-06-01.csv`, dated in UTC. */
export function subscribersCsvName(now: Date): string {
  return `subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
