import type { Period } from '@footfall/contract';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { type AnalyticsSearch, DEFAULT_PERIOD, isCalendarDate } from '../../lib/analytics/analytics-search';

export const PERIOD_LABELS: Record<Period, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  month: 'Month to date',
  last_month: 'Last month',
  '12mo': 'Last 12 months',
  all: 'All time',
  custom: 'Custom range',
};

interface PeriodPickerProps {
  search: AnalyticsSearch;
  /** Today in the company's time zone, the latest day a custom range may end on. */
  today: string | undefined;
  onChange: (change: Pick<AnalyticsSearch, 'period' | 'from' | 'to' | 'interval'>) => void;
}

/** The period as the URL holds it, to tell when it changed. */
const periodKey = (period: string | undefined, from: string | undefined, to: string | undefined) =>
  `${period ?? DEFAULT_PERIOD}|${from ?? ''}|${to ?? ''}`;

/**
 * The period of the analytics screens: the API's named periods, or a custom range of two days.
 *
 * What the picker shows follows the URL when the URL changes by other means (back, a link, a segment), but
 * not when the change is the picker's own arriving late: the screen takes the new period only once its data
 * has loaded, and someone who chose "Last 7 days" and then "Custom range" while it loaded is typing a range
 * by then, which the arrival of the 7 days must not close.
 */
export function PeriodPicker({ search, today, onChange }: PeriodPickerProps) {
  const id = useId();
  const period = search.period ?? DEFAULT_PERIOD;
  const [custom, setCustom] = useState(period === 'custom');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? today ?? '');
  const shown = periodKey(period, search.from, search.to);
  const [seen, setSeen] = useState(shown);
  const requested = useRef<string | undefined>(undefined);
  if (shown !== seen) {
    // Adjusting state while rendering, as React advises for state derived from changing props.
    setSeen(shown);
    if (shown !== requested.current) {
      setCustom(period === 'custom');
      setFrom(search.from ?? '');
      setTo(search.to ?? today ?? '');
    }
  }
  // Once the URL has shown a period, a later change to it is nobody's late echo.
  useEffect(() => {
    if (requested.current === shown) requested.current = undefined;
  }, [shown]);
  const rangeError = from && to && from > to ? 'The first day must come before the last.' : undefined;

  const change = (next: Pick<AnalyticsSearch, 'period' | 'from' | 'to' | 'interval'>) => {
    requested.current = periodKey(next.period, next.from, next.to);
    onChange(next);
  };
  const choose = (value: string) => {
    if (value === 'custom') {
      setCustom(true);
      return;
    }
    setCustom(false);
    // A new period drops the interval chosen for the old one, which may not suit it (hours over a year).
    change({ period: value as Period, from: undefined, to: undefined, interval: undefined });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!isCalendarDate(from) || !isCalendarDate(to) || from > to) return;
    change({ period: 'custom', from, to, interval: undefined });
  };

  return (
    <div className="period-picker">
      <label htmlFor={id} className="visually-hidden">
        Period
      </label>
      <select
        id={id}
        className="input"
        value={custom ? 'custom' : period}
        onChange={(e) => choose(e.target.value)}
      >
        {Object.entries(PERIOD_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      {custom ? (
        <form className="custom-range" onSubmit={apply} aria-label="Custom range">
          <label>
            <span className="visually-hidden">From</span>
            <input
              type="date"
              className="input"
              value={from}
              max={today}
              required
              onChange={(e) => setFrom(e.target.value)}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label>
            <span className="visually-hidden">To</span>
            <input
              type="date"
              className="input"
              value={to}
              max={today}
              required
              onChange={(e) => setTo(e.target.value)}
            />
          </label>
          <button type="submit" className="button" disabled={Boolean(rangeError) || !from || !to}>
            Apply
          </button>
          {rangeError ? <p className="field-error">{rangeError}</p> : null}
        </form>
      ) : null}
    </div>
  );
}
