import type { EmailReportKind } from '@footfall/contract';
import { weekStart } from '@footfall/contract/format';
import { addDays, monthStart, startOfDay, todayIn } from '../calendar/local-days';

/** A report's days in the site's zone (both included), and the period it is compared with. */
export interface ReportPeriod {
  kind: EmailReportKind;
  from: string;
  to: string;
  /** The instant the period ended (the next period's first midnight): its report is due from then. */
  endsAt: number;
  previous: { from: string; to: string };
}

/**
 * The last period of `kind` that ended by `now` in `timezone`: for `weekly` the week before this one, from
 * Sunday to Saturday as the charts' weeks are, for `monthly` the month before this one; compared with the
 * week or the month before it.
 */
export function lastCompletePeriod(kind: EmailReportKind, timezone: string, now: number): ReportPeriod {
  const today = todayIn(timezone, now);
  if (kind === 'weekly') {
    const thisWeek = weekStart(today) ?? today;
    const from = addDays(thisWeek, -7);
    return {
      kind,
      from,
      to: addDays(thisWeek, -1),
      endsAt: startOfDay(timezone, thisWeek),
      previous: { from: addDays(from, -7), to: addDays(from, -1) },
    };
  }
  const thisMonth = monthStart(today);
  const from = monthStart(today, -1);
  return {
    kind,
    from,
    to: addDays(thisMonth, -1),
    endsAt: startOfDay(timezone, thisMonth),
    previous: { from: monthStart(today, -2), to: addDays(from, -1) },
  };
}
