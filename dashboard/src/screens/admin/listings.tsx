import type { AdminCompany } from '@footfall/contract';
import { getRouteApi, Link } from '@tanstack/react-router';
import { deleteListing } from '../../api/admin-directory';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import type { Column } from '../../components/sortable-table';
import { showAlert } from '../../state/alerts';
import { formatDate } from './admin-format';
import { AdminListPage, AdminTable } from './admin-list-page';
import { RowMessageLine } from './row-message';
import { useRowActions } from './use-row-actions';
import { useRows } from './use-rows';

const route = getRouteApi('/_main/_admin/admin/listings');

/** `/admin/listings`: the companies in the public directory, each of which can be taken out of it. */
export default function AdminListings() {
  const answer = route.useLoaderData();
  const { rows, remove } = useRows(answer.data);
  const { busy, message, run } = useRowActions();

  const unlist = async (company: AdminCompany) => {
    const choice = await showAlert({
      title: `Unlist ${company.name}?`,
      text: 'It leaves the public directory at once. The company and its data stay; you can list it again.',
    });
    if (choice !== 'ok') return;
    await run(
      company.id,
      async () => {
        await deleteListing(http, company.id);
        remove(company.id);
        return `${company.name} is no longer in the directory.`;
      },
      `Unlisting ${company.name}`,
    );
  };

  const columns: Column<AdminCompany>[] = [
    {
      key: 'name',
      label: 'Company',
      sortValue: (company) => company.name,
      render: (company) => (
        <div className="admin-cell">
          <strong>{company.name}</strong>
          {company.description ? <span className="muted small clamp-2">{company.description}</span> : null}
        </div>
      ),
    },
    {
      key: 'website',
      label: 'Website',
      sortValue: (company) => company.website ?? '',
      render: (company) =>
        company.website ? (
          <a href={company.website} target="_blank" rel="noopener noreferrer">
            <Breakable text={company.website.replace(/^https?:\/\//, '')} />
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : (
          <span className="muted">None</span>
        ),
    },
    {
      key: 'category',
      label: 'Category',
      sortValue: (company) => company.category ?? '',
      render: (company) => company.category ?? <span className="muted">None</span>,
    },
    {
      key: 'owner',
      label: 'Owner',
      sortValue: (company) => company.owner?.email ?? '',
      render: (company) =>
        company.owner ? (
          <span className="small">
            <Breakable text={company.owner.email} />
          </span>
        ) : (
          <span className="muted small">Added by an admin</span>
        ),
    },
    {
      key: 'created',
      label: 'Created',
      sortValue: (company) => company.created_at,
      render: (company) => <span className="nowrap">{formatDate(company.created_at)}</span>,
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (company) => (
        <button
          type="button"
          className="button button-small button-danger"
          disabled={busy.has(company.id)}
          onClick={() => void unlist(company)}
        >
          Unlist <span className="visually-hidden">{company.name}</span>
        </button>
      ),
    },
  ];

  return (
    <AdminListPage
      section="listings"
      title="Directory listings"
      lead="The companies visitors see in the directory on /home."
      actions={
        <Link to="/admin/add-list" className="button button-primary">
          Add listing
        </Link>
      }
      notice={<RowMessageLine message={message} />}
      empty={
        answer.meta.total === 0
          ? {
              title: 'The directory is empty',
              text: (
                <>
                  <Link to="/admin/add-list">Add a listing</Link>, or let companies list themselves from their
                  settings.
                </>
              ),
            }
          : undefined
      }
      label="Listings"
    >
      <AdminTable
        caption="Directory listings"
        columns={columns}
        rows={rows}
        empty="No listings on this page."
        meta={answer.meta}
        noun="listings"
      />
    </AdminListPage>
  );
}
