import { Link } from '@tanstack/react-router';
import { pageCount } from '../lib/routing/page-search';

interface PagerProps {
  /** The list's route, e.g. `/home`; its other search params are kept. */
  to: '/home' | '/blogs';
  page: number;
  perPage: number;
  total: number;
  label: string;
}

/** Previous and next links between the pages of a public list, with where the reader is. */
export function Pager({ to, page, perPage, total, label }: PagerProps) {
  const pages = pageCount(total, perPage);
  if (pages <= 1) return null;
  const toPage = (target: number) => (previous: Record<string, unknown>) => ({
    ...previous,
    page: target > 1 ? target : undefined,
  });
  return (
    <nav className="pager" aria-label={label}>
      {page > 1 ? (
        <Link to={to} search={toPage(page - 1)} className="button" rel="prev">
          ← Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="muted small">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={to} search={toPage(page + 1)} className="button" rel="next">
          Next →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
