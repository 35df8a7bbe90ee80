import type { ReactNode } from 'react';
import { type Column, SortableTable } from '../../components/sortable-table';
import { type AdminSection, AdminShell } from './admin-shell';
import { EmptyState, ListSearch, type PageMeta, Pager } from './list-controls';

interface AdminListPageProps {
  section: AdminSection;
  title: string;
  lead: ReactNode;
  actions?: ReactNode;
  /** The list's search box (`?q=`), for the lists that search. */
  search?: { query: string | undefined; label: string; placeholder: string };
  /** What the last change made from the list said: a row's outcome, a failed export. */
  notice: ReactNode;
  /** Shown in place of the list when it has nothing; undefined when it has rows. */
  empty: { title: string; text?: ReactNode } | undefined;
  /** The name of the panel that holds the list. */
  label: string;
  /** The list: an `AdminTable`, or a table of its own (the plans, edited in place under their rows). */
  children: ReactNode;
}

/**
 * The page of every admin list (users, companies, listings, subscribers, plans): the admin's frame, the
 * search box, the outcome of the last change, and the list in its panel, or why there is nothing to list.
 */
export function AdminListPage({
  section,
  title,
  lead,
  actions,
  search,
  notice,
  empty,
  label,
  children,
}: AdminListPageProps) {
  return (
    <AdminShell section={section} title={title} lead={lead} actions={actions}>
      {search ? (
        <div className="toolbar">
          <ListSearch
            key={search.query ?? ''}
            query={search.query}
            label={search.label}
            placeholder={search.placeholder}
          />
        </div>
      ) : null}
      {notice}
      {empty ? (
        <EmptyState title={empty.title}>{empty.text}</EmptyState>
      ) : (
        <section className="panel" aria-label={label}>
          {children}
        </section>
      )}
    </AdminShell>
  );
}

/** A page of an admin list as a sortable table, newest first, with the pager under it. */
export function AdminTable<Row extends { id: number }>({
  caption,
  columns,
  rows,
  empty,
  meta,
  noun,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  /** What the table says when this page has no rows left (the last one removed). */
  empty: string;
  meta: PageMeta;
  /** What the pager counts: "21–40 of 134 users". */
  noun: string;
}) {
  return (
    <>
      <SortableTable
        caption={caption}
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        initialSort="created"
        empty={empty}
      />
      <Pager meta={meta} noun={noun} />
    </>
  );
}
