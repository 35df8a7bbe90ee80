import type { Breakdown, BreakdownRow, Filter } from '@footfall/contract';
import { formatCompact, formatNumber } from '@footfall/contract/format';
import { type ReactNode, useId, useState } from 'react';
import { BREAKDOWN_INFO, displayValue, filterValueOf } from '../../lib/analytics/breakdowns';
import { DetailsLink } from './analytics-source';

export interface PanelTab {
  breakdown: Breakdown;
  label: string;
  /** Another view of the breakdown's rows in place of the ranked list, such as a map of the countries. */
  render?: (rows: BreakdownRow[]) => ReactNode;
}

interface BreakdownPanelProps {
  title: string;
  tabs: PanelTab[];
  breakdowns: Record<Breakdown, BreakdownRow[]>;
  /** Filters already set: their rows show as selected instead of setting them again. */
  active: Partial<Record<Filter, string>>;
  onFilter: (filter: Filter, value: string) => void;
  /** Links to the detail screen's full table of the breakdown shown, for this company. */
  detailsOf?: number;
}

/** A card of one or more breakdowns: rows ranked by visitors with a bar each; a click filters by the row. */
export function BreakdownPanel({
  title,
  tabs,
  breakdowns,
  active,
  onFilter,
  detailsOf,
}: BreakdownPanelProps) {
  // Tabs are told apart by position: two views of one breakdown share its name.
  const [selectedTab, setSelectedTab] = useState(0);
  const tab = tabs[selectedTab] ?? tabs[0];
  const selected = tab?.breakdown ?? 'pages';
  const headingId = useId();
  const info = BREAKDOWN_INFO[selected];
  const rows = breakdowns[selected] ?? [];
  const max = Math.max(1, ...rows.map((row) => row.visitors));

  return (
    <section className="panel" aria-labelledby={headingId}>
      <header className="panel-head">
        <h2 id={headingId}>{title}</h2>
        {tabs.length > 1 ? (
          <fieldset className="panel-tabs">
            <legend className="visually-hidden">{title} views</legend>
            {tabs.map((one, index) => (
              <button
                key={`${one.breakdown}-${one.label}`}
                type="button"
                className="panel-tab"
                aria-pressed={index === selectedTab}
                onClick={() => setSelectedTab(index)}
              >
                {one.label}
              </button>
            ))}
          </fieldset>
        ) : null}
      </header>
      {tab?.render ? null : (
        <div className="panel-columns" aria-hidden="true">
          <span>{info.column}</span>
          <span>Visitors</span>
        </div>
      )}
      {rows.length === 0 ? (
        <p className="panel-empty muted">No data for this period.</p>
      ) : tab?.render ? (
        tab.render(rows)
      ) : (
        <ol className="bar-rows">
          {rows.map((row) => (
            <BarRow
              key={row.value}
              breakdown={selected}
              row={row}
              share={row.visitors / max}
              isActive={info.filter !== undefined && active[info.filter] === filterValueOf(selected, row)}
              onFilter={info.filter ? (value) => onFilter(info.filter as Filter, value) : undefined}
            />
          ))}
        </ol>
      )}
      {detailsOf !== undefined && rows.length > 0 ? (
        <DetailsLink companyId={detailsOf} breakdown={selected}>
          All {info.title.toLowerCase()} →
        </DetailsLink>
      ) : null}
    </section>
  );
}

interface BarRowProps {
  breakdown: Breakdown;
  row: BreakdownRow;
  share: number;
  isActive: boolean;
  onFilter: ((value: string) => void) | undefined;
}

function BarRow({ breakdown, row, share, isActive, onFilter }: BarRowProps) {
  const label = displayValue(breakdown, row.value);
  const content = (
    <>
      <span className="bar" style={{ width: `${Math.max(share * 100, 0.5)}%` }} aria-hidden="true" />
      <span className="bar-label" title={row.value}>
        {breakdown === 'countries' ? (
          <span className="code-badge" aria-hidden="true">
            {row.value}
          </span>
        ) : null}
        {label}
      </span>
      <span className="bar-value num" title={formatNumber(row.visitors)}>
        {formatCompact(row.visitors)}
        <span className="visually-hidden"> visitors</span>
      </span>
    </>
  );
  if (!onFilter) return <li className="bar-row">{content}</li>;
  return (
    <li className="bar-row">
      <button
        type="button"
        className="bar-button"
        aria-pressed={isActive}
        title={`Filter by ${label}`}
        onClick={() => onFilter(filterValueOf(breakdown, row))}
      >
        {content}
      </button>
    </li>
  );
}
