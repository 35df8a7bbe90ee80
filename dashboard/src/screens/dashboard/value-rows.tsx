import type { CSSProperties, ReactNode } from 'react';

/** One figure of a row: its text, the exact value for a tooltip, and what a screen reader hears after it. */
export interface RowValue {
  text: string;
  title?: string;
  /** Read after the text: ` unique conversions`. */
  spoken: string;
  /** Under the figure (a change badge). */
  below?: ReactNode;
}

export interface ValueRow {
  key: string;
  label: ReactNode;
  /** The whole label, for a tooltip when it is cut. */
  title: string;
  /** The bar behind the row, 0 to 1. */
  share: number;
  values: RowValue[];
  /** Set when the row's filter is in force. */
  pressed: boolean;
  onSelect: () => void;
  /** The button's tooltip: `Filter by Signup`. */
  action: string;
}

interface ValueRowsProps {
  /** The list's accessible name. */
  label: string;
  /** The column names: the label's, then one per value. */
  columns: string[];
  rows: ValueRow[];
}

/**
 * Ranked rows with a bar each and several figures in columns (the Goals and Properties panels): a click
 * filters by the row, as a breakdown panel's rows do. The bar stays behind the label, so the figures and
 * their coloured change badges keep their contrast on the panel's own background. On a narrow panel the
 * label takes a line of its own and the figures share the line under it (conversions.css), so a phone keeps
 * every column.
 */
export function ValueRows({ label, columns, rows }: ValueRowsProps) {
  const style = { '--value-columns': columns.length - 1 } as CSSProperties;
  return (
    <div className="value-rows" style={style}>
      <div className="panel-columns value-columns" aria-hidden="true">
        {columns.map((column) => (
          <span key={column}>{column}</span>
        ))}
      </div>
      <ol className="bar-rows" aria-label={label}>
        {rows.map((row) => (
          <li key={row.key} className="bar-row">
            <button
              type="button"
              className="bar-button value-row"
              aria-pressed={row.pressed}
              title={row.action}
              onClick={row.onSelect}
            >
              <span className="value-row-label">
                <span
                  className="bar"
                  style={{ width: `${Math.max(row.share * 100, 0.5)}%` }}
                  aria-hidden="true"
                />
                <span className="bar-label" title={row.title}>
                  {row.label}
                </span>
              </span>
              {row.values.map((value, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, in this order
                <span key={index} className="bar-value value-cell num" title={value.title}>
                  {value.text}
                  <span className="visually-hidden">{value.spoken}</span>
                  {value.below}
                </span>
              ))}
            </button>
          </li>
        ))}
      </ol>
    </div>
  );
}
