import type { AdminSubscriber } from '@footfall/contract';
import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { deleteSubscriber, subscribersExportPath } from '../../api/admin-content';
import { isApiError } from '../../api/api-error';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import type { Column } from '../../components/sortable-table';
import { showAlert } from '../../state/alerts';
import { formatDateTime } from './admin-format';
import { AdminListPage, AdminTable } from './admin-list-page';
import { downloadCsv } from './download-csv';
import { useRows } from './use-rows';

const route = getRouteApi('/_main/_admin/admin/subscribers');

/** `/admin/subscribers`: the newsletter's addresses (the footer's form), searchable, removable, exportable. */
export default function AdminSubscribers() {
  const answer = route.useLoaderData();
  const { q } = route.useSearch();
  const { rows, remove } = useRows(answer.data);
  const [problem, setProblem] = useState<string | undefined>();
  const [exporting, setExporting] = useState(false);

  const removeSubscriber = async (subscriber: AdminSubscriber) => {
    const choice = await showAlert({
      title: 'Remove this subscriber?',
      text: `${subscriber.email} will get no more newsletters. They can subscribe again from the footer.`,
    });
    if (choice !== 'ok') return;
    setProblem(undefined);
    try {
      await deleteSubscriber(http, subscriber.id);
      remove(subscriber.id);
    } catch (error) {
      if (isApiError(error) && error.status < 500 && error.status !== 0)
        setProblem(`${subscriber.email} could not be removed: ${error.message}`);
    }
  };

  const exportAll = async () => {
    setProblem(undefined);
    setExporting(true);
    try {
      await downloadCsv(subscribersExportPath(), 'footfall-subscribers');
    } catch (error) {
      setProblem(
        `The export failed: ${error instanceof Error ? error.message : String(error)} Try again in a moment.`,
      );
    } finally {
      setExporting(false);
    }
  };

  const columns: Column<AdminSubscriber>[] = [
    {
      key: 'email',
      label: 'Email',
      sortValue: (row) => row.email,
      render: (row) => <Breakable text={row.email} />,
    },
    {
      key: 'created',
      label: 'Subscribed',
      sortValue: (row) => row.created_at,
      render: (row) => <span className="nowrap">{formatDateTime(row.created_at)}</span>,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (row) => (
        <button
          type="button"
          className="button button-small button-danger"
          onClick={() => void removeSubscriber(row)}
        >
          Remove <span className="visually-hidden">{row.email}</span>
        </button>
      ),
    },
  ];

  return (
    <AdminListPage
      section="subscribers"
      title="Newsletter subscribers"
      lead="Addresses left in the footer's subscribe form."
      actions={
        <button type="button" className="button" onClick={() => void exportAll()} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
      }
      search={{ query: q, label: 'Search subscribers', placeholder: 'Search by address' }}
      notice={
        problem ? (
          <p className="form-error" role="alert">
            {problem}
          </p>
        ) : null
      }
      empty={
        answer.meta.total === 0
          ? {
              title: q ? `No address matches “${q}”` : 'No subscribers yet',
              text: q
                ? 'Try part of the address, or clear the search.'
                : 'Visitors subscribe with the form in the site footer; their addresses appear here.',
            }
          : undefined
      }
      label="Subscribers"
    >
      <AdminTable
        caption="Newsletter subscribers"
        columns={columns}
        rows={rows}
        empty="No subscribers on this page."
        meta={answer.meta}
        noun="subscribers"
      />
    </AdminListPage>
  );
}
