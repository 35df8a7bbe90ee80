import type { AdminCompany, AdminCompanyUpdateBody, AdminPlan } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import { getRouteApi } from '@tanstack/react-router';
import { setAdminCompanyPlan, updateAdminCompany } from '../../api/admin-directory';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import type { Column } from '../../components/sortable-table';
import { showAlert } from '../../state/alerts';
import { formatDate } from './admin-format';
import { AdminListPage, AdminTable } from './admin-list-page';
import { RowMessageLine } from './row-message';
import { useRowActions } from './use-row-actions';
import { useRows } from './use-rows';

const route = getRouteApi('/_main/_admin/admin/companies');

/** `/admin/companies`: every company, with its plan, its place in the directory and its suspension. */
export default function AdminCompanies() {
  const { companies, plans } = route.useLoaderData();
  const { q } = route.useSearch();
  const { rows, replace } = useRows(companies.data);
  const { busy, message, run } = useRowActions();

  const update = (company: AdminCompany, body: AdminCompanyUpdateBody, done: string, what: string) =>
    run(
      company.id,
      async () => {
        const { data } = await updateAdminCompany(http, company.id, body);
        replace(data);
        return done;
      },
      what,
    );

  const changePlan = (company: AdminCompany, planId: number) =>
    run(
      company.id,
      async () => {
        const { data } = await setAdminCompanyPlan(http, company.id, { plan_id: planId });
        replace({ ...company, plan: data.plan.slug });
        return `${company.name} is now on the ${data.plan.name} plan.`;
      },
      `Changing the plan of ${company.name}`,
    );

  const setListed = (company: AdminCompany, listed: boolean) =>
    update(
      company,
      { listed },
      listed ? `${company.name} is in the directory.` : `${company.name} is no longer in the directory.`,
      `Changing the listing of ${company.name}`,
    );

  const setSuspended = async (company: AdminCompany, suspended: boolean) => {
    if (suspended) {
      const choice = await showAlert({
        title: `Suspend ${company.name}?`,
        text: 'It leaves the public directory and is marked suspended until you unsuspend it.',
      });
      if (choice !== 'ok') return;
    }
    await update(
      company,
      { suspended },
      suspended ? `${company.name} is suspended.` : `${company.name} is active again.`,
      `${suspended ? 'Suspending' : 'Unsuspending'} ${company.name}`,
    );
  };

  const columns: Column<AdminCompany>[] = [
    {
      key: 'name',
      label: 'Company',
      sortValue: (company) => company.name,
      render: (company) => <CompanyCell company={company} />,
    },
    {
      key: 'plan',
      label: 'Plan',
      sortValue: (company) => company.plan,
      render: (company) => (
        <PlanSelect
          company={company}
          plans={plans}
          disabled={busy.has(company.id)}
          onChange={(planId) => void changePlan(company, planId)}
        />
      ),
    },
    {
      key: 'members',
      label: 'Members',
      numeric: true,
      sortValue: (company) => company.members,
      render: (company) => formatNumber(company.members),
    },
    {
      key: 'events',
      label: 'Events this month',
      numeric: true,
      sortValue: (company) => company.events_this_month,
      render: (company) => formatNumber(company.events_this_month),
    },
    {
      key: 'listed',
      label: 'Listed',
      sortValue: (company) => (company.listed ? 1 : 0),
      render: (company) => (
        <label className="switch">
          <input
            type="checkbox"
            checked={company.listed}
            disabled={busy.has(company.id) || company.suspended_at !== null}
            onChange={(event) => void setListed(company, event.target.checked)}
          />
          <span aria-hidden="true">{company.listed ? 'Listed' : 'Hidden'}</span>
          <span className="visually-hidden">{company.name} listed in the directory</span>
        </label>
      ),
    },
    {
      key: 'status',
      label: 'Status',
      sortValue: (company) => company.suspended_at ?? '',
      render: (company) => (
        <div className="row-actions">
          {company.suspended_at ? (
            <span className="badge badge-bad" title={`Suspended ${formatDate(company.suspended_at)}`}>
              Suspended
            </span>
          ) : (
            <span className="badge badge-good">Active</span>
          )}
          <button
            type="button"
            className={company.suspended_at ? 'button button-small' : 'button button-small button-danger'}
            disabled={busy.has(company.id)}
            onClick={() => void setSuspended(company, company.suspended_at === null)}
          >
            {company.suspended_at ? 'Unsuspend' : 'Suspend'}
            <span className="visually-hidden"> {company.name}</span>
          </button>
        </div>
      ),
    },
    {
      key: 'created',
      label: 'Created',
      sortValue: (company) => company.created_at,
      render: (company) => <span className="nowrap">{formatDate(company.created_at)}</span>,
    },
  ];

  return (
    <AdminListPage
      section="companies"
      title="Companies"
      lead="Every company on this server: plans, listing and suspension."
      search={{ query: q, label: 'Search companies', placeholder: "Name, website or owner's email" }}
      notice={<RowMessageLine message={message} />}
      empty={
        companies.meta.total === 0
          ? {
              title: q ? `No company matches “${q}”` : 'No companies yet',
              text: q
                ? 'Search by part of the name, the website or the owner’s email, or clear the search.'
                : 'Companies appear here as people sign up, or when you add a listing.',
            }
          : undefined
      }
      label="Companies"
    >
      <AdminTable
        caption="Companies"
        columns={columns}
        rows={rows}
        empty="No companies on this page."
        meta={companies.meta}
        noun="companies"
      />
    </AdminListPage>
  );
}

function CompanyCell({ company }: { company: AdminCompany }) {
  return (
    <div className="admin-cell">
      <strong>{company.name}</strong>
      {company.website ? (
        <a className="small" href={company.website} target="_blank" rel="noopener noreferrer">
          <Breakable text={company.website.replace(/^https?:\/\//, '')} />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      <span className="muted small">
        {company.owner ? <Breakable text={company.owner.email} /> : 'No owner (added by an admin)'}
      </span>
    </div>
  );
}

function PlanSelect({
  company,
  plans,
  disabled,
  onChange,
}: {
  company: AdminCompany;
  plans: AdminPlan[];
  disabled: boolean;
  onChange: (planId: number) => void;
}) {
  const current = plans.find((plan) => plan.slug === company.plan);
  return (
    <select
      className="input input-small"
      aria-label={`Plan of ${company.name}`}
      value={current ? String(current.id) : ''}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
    >
      {current ? null : <option value="">{company.plan}</option>}
      {plans.map((plan) => (
        <option key={plan.id} value={plan.id}>
          {plan.name}
          {plan.active ? '' : ' (inactive)'}
        </option>
      ))}
    </select>
  );
}
