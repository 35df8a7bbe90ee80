import type { Interval } from '@footfall/contract';

/** One formatter per time zone: building an Intl formatter costs far more than using it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/**
 * The date of the bucket that holds `now` in the company's time zone, in the analytics answer's own format:
 * `YYYY-MM-DDTHH:00` for hours, else today's `YYYY-MM-DD` (day, week and month buckets are named by their
 * first day, so every bucket not after it has begun). Undefined for a time zone the browser does not know:
 * then nothing is cut.
 */
export function currentBucket(
  timeZone: string,
  interval: Interval,
  now: Date = new Date(),
): string | undefined {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = wallClock(timeZone).formatToParts(now);
  } catch {
    return undefined;
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((one) => one.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  return interval === 'hour' ? `${day}T${part('hour')}:00` : day;
}
