import { LRUCache } from 'lru-cache';
import { Temporal } from 'temporal-polyfill';

/** A calendar day in some time zone, with the UTC instants (ms) at which it starts and ends. */
export interface LocalDay {
  /** `YYYY-MM-DD` */
  day: string;
  /** `YYYY-MM` */
  month: string;
  startsAt: number;
  endsAt: number;
}

/**
 * The local day of `epochMs` in `timezone`. Temporal's `startOfDay` handles days whose midnight is skipped
 * by a daylight-saving change, and days of 23 or 25 hours.
 */
export function localDayAt(timezone: string, epochMs: number): LocalDay {
  const start = Temporal.Instant.fromEpochMilliseconds(epochMs).toZonedDateTimeISO(timezone).startOfDay();
  const day = start.toPlainDate().toString();
  return {
    day,
    month: day.slice(0, 7),
    startsAt: start.epochMilliseconds,
    endsAt: start.add({ days: 1 }).startOfDay().epochMilliseconds,
  };
}

// Every time-zone offset in use is a multiple of 15 minutes, so a quarter hour never straddles a local
// midnight: caching by quarter hour answers almost every lookup without Temporal (which costs ~80 µs).
const QUARTER_HOUR = 15 * 60_000;
const MAX_CACHED = 50_000;

/** `localDayAt`, memoised per time zone; cheap enough for the ingestion hot path and for imports. */
export class LocalCalendar {
  private readonly cache = new LRUCache<string, LocalDay>({ max: MAX_CACHED });
  /** Each zone's day last answered: live events ask for the current day over and over. */
  private readonly latest = new Map<string, LocalDay>();

  dayOf(timezone: string, epochMs: number): LocalDay {
    const latest = this.latest.get(timezone);
    if (latest && epochMs >= latest.startsAt && epochMs < latest.endsAt) return latest;
    const day = this.lookup(timezone, epochMs);
    this.latest.set(timezone, day);
    return day;
  }

  private lookup(timezone: string, epochMs: number): LocalDay {
    const key = `${timezone} ${Math.floor(epochMs / QUARTER_HOUR)}`;
    const cached = this.cache.get(key);
    if (cached && epochMs >= cached.startsAt && epochMs < cached.endsAt) return cached;
    const day = localDayAt(timezone, epochMs);
    this.cache.set(key, day);
    return day;
  }
}
