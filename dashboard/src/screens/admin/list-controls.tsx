import { formatNumber } from '@footfall/contract/format';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';

export interface PageMeta {
  page: number;
  per_page: number;
  total: number;
}

/**
 * "21–40 of 134" with the previous and next pages. The page lives in the URL (`?page=`), so a page can be
 * shared, reloaded and left with the browser's back button.
 */
export function Pager({ meta, noun }: { meta: PageMeta; noun: string }) {
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(meta.total / meta.per_page));
  if (meta.total === 0) return null;
  const first = (meta.page - 1) * meta.per_page + 1;
  const last = Math.min(meta.total, meta.page * meta.per_page);
  const go = (page: number) =>
    void navigate({
      to: '.',
      search: (previous: Record<string, unknown>) => ({ ...previous, page: page > 1 ? page : undefined }),
    });
  return (
    <nav className="pager" aria-label={`Pages of ${noun}`}>
      <p className="muted small" aria-live="polite">
        {first > last ? 'Nothing on this page' : `${formatNumber(first)}–${formatNumber(last)}`} of{' '}
        {formatNumber(meta.total)} {noun}
      </p>
      {pages > 1 ? (
        <div className="pager-buttons">
          <button
            type="button"
            className="button button-small"
            disabled={meta.page <= 1}
            onClick={() => go(Math.min(meta.page - 1, pages))}
          >
            <span aria-hidden="true">←</span> Previous
          </button>
          <span className="small">
            Page {formatNumber(meta.page)} of {formatNumber(pages)}
          </span>
          <button
            type="button"
            className="button button-small"
            disabled={meta.page >= pages}
            onClick={() => go(meta.page + 1)}
          >
            Next <span aria-hidden="true">→</span>
          </button>
        </div>
      ) : null}
    </nav>
  );
}

/** A list's search box: the words go into the URL (`?q=`), back to the first page. */
export function ListSearch({
  query,
  label,
  placeholder,
}: {
  query: string | undefined;
  label: string;
  placeholder: string;
}) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState(query ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    void navigate({ to: '.', search: q ? { q } : {} });
  };
  const clear = () => {
    setText('');
    void navigate({ to: '.', search: {} });
  };
  return (
    <search className="list-search-wrap">
      <form className="list-search" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="input"
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="button">
          Search
        </button>
        {query ? (
          <button type="button" className="button" onClick={clear}>
            Clear
          </button>
        ) : null}
      </form>
    </search>
  );
}

/** What a list shows when it has nothing: why, and what to do next. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty-state">
      <h2>{title}</h2>
      {children ? <p className="muted">{children}</p> : null}
    </div>
  );
}
