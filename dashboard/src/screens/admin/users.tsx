import type { AdminUserAccount } from '@footfall/contract';
import { getRouteApi } from '@tanstack/react-router';
import { updateAdminUser } from '../../api/admin-directory';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import type { Column } from '../../components/sortable-table';
import { showAlert } from '../../state/alerts';
import { formatDate } from './admin-format';
import { AdminListPage, AdminTable } from './admin-list-page';
import { RowMessageLine } from './row-message';
import { useRowActions } from './use-row-actions';
import { useRows } from './use-rows';

const route = getRouteApi('/_main/_admin/admin/users');

/** `/admin/users`: every user account, with its companies, and suspension (its sessions are refused). */
export default function AdminUsers() {
  const answer = route.useLoaderData();
  const { q } = route.useSearch();
  const { rows, replace } = useRows(answer.data);
  const { busy, message, run } = useRowActions();

  const setSuspended = async (user: AdminUserAccount, suspended: boolean) => {
    const choice = await showAlert(
      suspended
        ? {
            title: `Suspend ${user.name}?`,
            text: `${user.email} is refused at once, wherever signed in, and cannot sign in until you unsuspend the account.`,
          }
        : {
            title: `Unsuspend ${user.name}?`,
            text: `${user.email} can sign in again.`,
          },
    );
    if (choice !== 'ok') return;
    await run(
      user.id,
      async () => {
        const { data } = await updateAdminUser(http, user.id, { suspended });
        replace(data);
        return suspended ? `${user.name} is suspended.` : `${user.name} can sign in again.`;
      },
      `${suspended ? 'Suspending' : 'Unsuspending'} ${user.name}`,
    );
  };

  const columns: Column<AdminUserAccount>[] = [
    {
      key: 'name',
      label: 'User',
      sortValue: (user) => user.name,
      render: (user) => (
        <div className="admin-cell">
          <strong>{user.name}</strong>
          <span className="small">
            <Breakable text={user.email} />
          </span>
        </div>
      ),
    },
    {
      key: 'companies',
      label: 'Companies',
      sortValue: (user) => user.companies.length,
      render: (user) =>
        user.companies.length === 0 ? (
          <span className="muted">None</span>
        ) : (
          <ul className="plain-list small">
            {user.companies.map((company) => (
              <li key={company.id}>
                {company.name} <span className="muted">({company.role})</span>
              </li>
            ))}
          </ul>
        ),
    },
    {
      key: 'verified',
      label: 'Email',
      sortValue: (user) => user.email_verified_at ?? '',
      render: (user) =>
        user.email_verified_at ? (
          <span className="badge badge-good">Verified</span>
        ) : (
          <span className="badge">Unverified</span>
        ),
    },
    {
      key: 'status',
      label: 'Status',
      sortValue: (user) => user.suspended_at ?? '',
      render: (user) => (
        <div className="row-actions">
          {user.suspended_at ? (
            <span className="badge badge-bad" title={`Suspended ${formatDate(user.suspended_at)}`}>
              Suspended
            </span>
          ) : (
            <span className="badge badge-good">Active</span>
          )}
          <button
            type="button"
            className={user.suspended_at ? 'button button-small' : 'button button-small button-danger'}
            disabled={busy.has(user.id)}
            onClick={() => void setSuspended(user, user.suspended_at === null)}
          >
            {user.suspended_at ? 'Unsuspend' : 'Suspend'}
            <span className="visually-hidden"> {user.email}</span>
          </button>
        </div>
      ),
    },
    {
      key: 'created',
      label: 'Signed up',
      sortValue: (user) => user.created_at,
      render: (user) => <span className="nowrap">{formatDate(user.created_at)}</span>,
    },
  ];

  return (
    <AdminListPage
      section="users"
      title="Users"
      lead="Everyone who signed up. A suspended user cannot sign in."
      search={{ query: q, label: 'Search users', placeholder: 'Name or email' }}
      notice={<RowMessageLine message={message} />}
      empty={
        answer.meta.total === 0
          ? {
              title: q ? `No user matches “${q}”` : 'No users yet',
              text: q
                ? 'Search by part of the name or the email, or clear the search.'
                : 'Users appear here once they sign up.',
            }
          : undefined
      }
      label="Users"
    >
      <AdminTable
        caption="Users"
        columns={columns}
        rows={rows}
        empty="No users on this page."
        meta={answer.meta}
        noun="users"
      />
    </AdminListPage>
  );
}
