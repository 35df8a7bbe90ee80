import { useCallback, useState } from 'react';

/**
 * The rows of a loaded list, changed in place as the admin edits them (a suspension, a plan), and taken
 * afresh whenever the route loads the list again (another page, a search).
 */
export function useRows<Row extends { id: number }>(loaded: Row[]) {
  const [state, setState] = useState({ loaded, rows: loaded });
  // Derived state: a new answer from the loader replaces the local edits (React allows this during render).
  let rows = state.rows;
  if (state.loaded !== loaded) {
    rows = loaded;
    setState({ loaded, rows });
  }
  const replace = useCallback(
    (row: Row) =>
      setState((current) => ({
        ...current,
        rows: current.rows.map((candidate) => (candidate.id === row.id ? row : candidate)),
      })),
    [],
  );
  const remove = useCallback(
    (id: number) =>
      setState((current) => ({ ...current, rows: current.rows.filter((candidate) => candidate.id !== id) })),
    [],
  );
  return { rows, replace, remove };
}
