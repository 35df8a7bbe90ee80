import type { Funnel } from '@footfall/contract';
import { formatDateRange } from '@footfall/contract/format';
import { can } from '@footfall/contract/rules';
import { getRouteApi, Link, useNavigate, useRouter } from '@tanstack/react-router';
import { CompanyShell } from '../../components/company-shell';
import { Notice } from '../../components/notice';
import { todayIn } from '../../lib/analytics/analytics-search';
import { FilterBar } from '../dashboard/filters/filter-bar';
import { PeriodPicker } from '../dashboard/period-picker';
import { useAnalyticsSearch } from '../dashboard/use-analytics-search';
import { FunnelForm } from './funnel-form';
import { FunnelReportPanel } from './funnel-report';

const route = getRouteApi('/_main/_authenticated/dashboard/$company_id/funnels/{-$funnel_id}');

/**
 * `/dashboard/{id}/funnels/{funnel_id?}`: a saved funnel's steps over the analytics screens' period and
 * filters, as a chart and a table; owners and admins create funnels from the site's goals and delete them.
 */
export default function Funnels() {
  const { company_id: companyId } = route.useParams();
  const { company, goals, funnels, missing, report } = route.useLoaderData();
  const { search, update } = useAnalyticsSearch();
  const navigate = useNavigate();
  const router = useRouter();
  const canManage = can(company.role, 'manageFunnels');
  const show = async (funnelId: number | undefined) => {
    await navigate({
      to: '/dashboard/$company_id/funnels/{-$funnel_id}',
      params: { company_id: companyId, funnel_id: funnelId },
      search: true,
      resetScroll: false,
    });
  };
  const reload = async (funnelId: number | undefined) => {
    await show(funnelId);
    // The same address after a deletion (the first funnel shown by default) loads again all the same.
    await router.invalidate();
  };

  return (
    <CompanyShell companyId={companyId} section="funnels" title="Funnels">
      <div className="toolbar">
        <PeriodPicker
          search={search}
          today={todayIn(company.timezone)}
          onChange={(change) => void update((current) => ({ ...current, ...change }))}
        />
        {report ? (
          <p className="range muted small">
            {formatDateRange(report.range.from, report.range.to)} · {company.timezone}
          </p>
        ) : null}
      </div>
      <FilterBar companyId={companyId} search={search} onSearch={(change) => void update(change)} />
      {missing !== undefined ? (
        <Notice tone="info">That funnel no longer exists: it was deleted, or one of its goals was.</Notice>
      ) : null}
      {goals.length < 2 ? (
        <NeedsGoals companyId={companyId} canManage={canManage} count={goals.length} />
      ) : funnels.length === 0 ? (
        <div className="empty-state" role="status">
          <h2>No funnels yet</h2>
          <p className="muted">
            {canManage
              ? 'A funnel follows visitors through your goals, step by step, and shows where they drop off. Create one below.'
              : 'A funnel follows visitors through the site’s goals, step by step. An owner or admin of this site can create one here.'}
          </p>
        </div>
      ) : report ? (
        <FunnelReportPanel
          report={report}
          funnels={funnels}
          goals={goals}
          canManage={canManage}
          onChoose={(funnel: Funnel) => void show(funnel.id)}
          onDeleted={() => void reload(undefined)}
          companyId={companyId}
        />
      ) : null}
      {canManage && goals.length >= 2 ? (
        <FunnelForm companyId={companyId} goals={goals} onCreated={(funnel) => void reload(funnel.id)} />
      ) : null}
    </CompanyShell>
  );
}

function NeedsGoals({
  companyId,
  canManage,
  count,
}: {
  companyId: number;
  canManage: boolean;
  count: number;
}) {
  const what = count === 0 ? 'No goals yet' : 'One goal so far';
  return (
    <div className="empty-state" role="status">
      <h2>{what}</h2>
      <p className="muted">
        A funnel is a path through goals, such as a visit to /pricing, then /signup, then a Signup event: it
        needs at least two.{' '}
        {canManage ? null : 'An owner or admin of this site defines goals in its settings.'}
      </p>
      {canManage ? (
        <div className="actions">
          <Link
            to="/user-profile/$company_id/{-$section}"
            params={{ company_id: companyId, section: 'goals' }}
            className="button button-primary"
          >
            Add goals in Settings
          </Link>
        </div>
      ) : null}
    </div>
  );
}
