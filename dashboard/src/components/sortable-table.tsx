import { type MouseEvent, type ReactNode, useState } from 'react';

export interface Column<Row> {
  key: string;
  label: string;
  /**
   * The value sorted on; numbers sort numerically, text by the reader's locale. A column without one (row
   * actions) has a plain header and must `render` its cells.
   */
  sortValue?: (row: Row) => number | string;
  render?: (row: Row) => ReactNode;
  numeric?: boolean;
}

interface SortableTableProps<Row> {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  /** The column sorted on at first, descending unless `initialDirection` says otherwise. */
  initialSort: string;
  initialDirection?: Direction;
  empty?: ReactNode;
  /**
   * What a click anywhere on a row does, as the row's own control (a button in its first cell, which the
   * keyboard reaches) does: rows are wide, and people click a figure as often as a name.
   */
  onRowSelect?: ((row: Row) => void) | undefined;
}

type Direction = 'ascending' | 'descending';

/**
 * A table whose column headers sort it (click again to reverse), announced with `aria-sort`. Where it has
 * little room (a phone) each row is drawn as a card (tables.css): the first cell its title, the others under
 * it named by `data-label`, and the headers a row of sort buttons.
 */
export function SortableTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  initialSort,
  initialDirection = 'descending',
  empty,
  onRowSelect,
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState<{ key: string; direction: Direction }>({
    key: initialSort,
    direction: initialDirection,
  });
  const column = columns.find((candidate) => candidate.key === sort.key && candidate.sortValue);
  const sorted = column ? sortRows(rows, column, sort.direction) : rows;

  const sortBy = (candidate: Column<Row>) =>
    setSort((current) =>
      current.key === candidate.key
        ? { key: candidate.key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : { key: candidate.key, direction: candidate.numeric ? 'descending' : 'ascending' },
    );

  return (
    <div className="table-wrap">
      <table className="data-table sortable-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((candidate) => (
              <th
                key={candidate.key}
                scope="col"
                className={candidate.numeric ? 'numeric' : undefined}
                aria-sort={candidate.key === column?.key ? sort.direction : undefined}
              >
                {candidate.sortValue ? (
                  <button type="button" className="sort-button" onClick={() => sortBy(candidate)}>
                    {candidate.label}
                    <span className="sort-mark" aria-hidden="true">
                      {candidate.key === sort.key ? (sort.direction === 'ascending' ? '↑' : '↓') : '↕'}
                    </span>
                  </button>
                ) : (
                  candidate.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="muted">
                {empty ?? 'No data for this period.'}
              </td>
            </tr>
          ) : (
            sorted.map((row) => (
              <tr
                key={rowKey(row)}
                className={onRowSelect ? 'row-selectable' : undefined}
                // The row's own button is the keyboard's way in; this is the pointer's wider target.
                onClick={onRowSelect ? (event) => selectRow(event, () => onRowSelect(row)) : undefined}
              >
                {columns.map((candidate, index) => (
                  <td
                    key={candidate.key}
                    className={candidate.numeric ? 'numeric num' : undefined}
                    data-label={index > 0 && candidate.sortValue ? candidate.label : undefined}
                  >
                    {candidate.render ? candidate.render(row) : String(candidate.sortValue?.(row) ?? '')}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** A click on a row that did not land on a control in it, nor end a selection of its text. */
function selectRow(event: MouseEvent<HTMLTableRowElement>, select: () => void): void {
  if (event.target instanceof Element && event.target.closest('button, a, input, select, textarea')) return;
  if (!window.getSelection()?.isCollapsed) return;
  select();
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

export function sortRows<Row>(rows: readonly Row[], column: Column<Row>, direction: Direction): Row[] {
  const { sortValue } = column;
  if (!sortValue) return [...rows];
  const sign = direction === 'ascending' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue(a);
    const right = sortValue(b);
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : collator.compare(String(left), String(right));
    return order * sign;
  });
}
