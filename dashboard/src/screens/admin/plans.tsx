import type { AdminPlan } from '@footfall/contract';
import { formatNumber, formatPrice } from '@footfall/contract/format';
import { getRouteApi } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { AdminListPage } from './admin-list-page';
import { PlanForm } from './plan-form';
import { RowMessageLine } from './row-message';
import type { RowMessage } from './use-row-actions';
import { useRows } from './use-rows';

const route = getRouteApi('/_main/_admin/admin/plans');

/** `/admin/plans`: the plans on offer and the retired ones, how many companies each holds, and their terms. */
export default function AdminPlans() {
  const loaded = route.useLoaderData();
  const { rows, replace } = useRows(loaded);
  const [editing, setEditing] = useState<number | undefined>();
  const [message, setMessage] = useState<RowMessage | undefined>();

  return (
    <AdminListPage
      section="plans"
      title="Plans"
      lead="Prices and quotas apply to every company on the plan from the next request on."
      notice={<RowMessageLine message={message} />}
      empty={
        rows.length === 0
          ? {
              title: 'No plans',
              text: 'The server seeds the free plan when it starts; restart it to restore the plans.',
            }
          : undefined
      }
      label="Plans"
    >
      <div className="table-wrap">
        <table className="data-table plans-table">
          <caption className="visually-hidden">Plans</caption>
          <thead>
            <tr>
              <th scope="col">Plan</th>
              <th scope="col" className="numeric">
                Price
              </th>
              <th scope="col" className="numeric">
                Events a month
              </th>
              <th scope="col" className="numeric">
                API calls a month
              </th>
              <th scope="col" className="numeric">
                Retention
              </th>
              <th scope="col">Offered</th>
              <th scope="col" className="numeric">
                Companies
              </th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((plan) => (
              <Fragment key={plan.id}>
                <PlanRow
                  plan={plan}
                  isEditing={editing === plan.id}
                  onEdit={() => {
                    setMessage(undefined);
                    setEditing(editing === plan.id ? undefined : plan.id);
                  }}
                />
                {editing === plan.id ? (
                  <tr className="plan-edit-row">
                    <td colSpan={8}>
                      <PlanForm
                        plan={plan}
                        onCancel={() => setEditing(undefined)}
                        onSaved={(saved) => {
                          replace(saved);
                          setEditing(undefined);
                          setMessage({ tone: 'success', text: `${saved.name} is saved.` });
                        }}
                      />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
    </AdminListPage>
  );
}

function PlanRow({ plan, isEditing, onEdit }: { plan: AdminPlan; isEditing: boolean; onEdit: () => void }) {
  return (
    <tr>
      <td>
        <div className="admin-cell">
          <strong>{plan.name}</strong>
          <span className="muted small">
            <code>{plan.slug}</code>
            {plan.is_default ? ' · default for new companies' : ''}
          </span>
        </div>
      </td>
      <td className="numeric num nowrap" data-label="Price">
        {plan.price_cents === 0
          ? 'Free'
          : `${formatPrice(plan.price_cents, plan.currency)} / ${plan.interval}`}
      </td>
      <td className="numeric num" data-label="Events a month">
        {formatNumber(plan.events_quota)}
      </td>
      <td className="numeric num" data-label="API calls a month">
        {formatNumber(plan.api_calls_quota)}
      </td>
      <td className="numeric num nowrap" data-label="Retention">
        {formatNumber(plan.retention_days)} days
      </td>
      <td data-label="Offered">
        {plan.active ? (
          <span className="badge badge-good">Active</span>
        ) : (
          <span className="badge">Retired</span>
        )}
      </td>
      <td className="numeric num" data-label="Companies">
        {formatNumber(plan.companies)}
      </td>
      <td>
        <button type="button" className="button button-small" aria-expanded={isEditing} onClick={onEdit}>
          {isEditing ? 'Close' : 'Edit'} <span className="visually-hidden">{plan.name}</span>
        </button>
      </td>
    </tr>
  );
}
