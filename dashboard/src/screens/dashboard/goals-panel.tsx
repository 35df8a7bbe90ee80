import type { GoalRow } from '@footfall/contract';
import {
  formatCompact,
  formatConversionRate,
  formatMoney,
  formatMoneyShort,
  formatNumber,
  formatRateChange,
} from '@footfall/contract/format';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { ChangeBadge } from '../../components/change-badge';
import { useIsShared } from './analytics-source';
import { ValueRows } from './value-rows';

interface GoalsPanelProps {
  companyId: number;
  goals: GoalRow[];
  /** The `goal` filter in force, if any. */
  activeGoal: string | undefined;
  /** Whether the reader may define goals (owners and admins). */
  canManage: boolean;
  onFilter: (goalId: string) => void;
  /** Whether the previous period lies within the site's data (`comparisonGap`): else no change is shown. */
  comparable: boolean;
}

/**
 * The site's goals over the period and filters: unique and total conversions, the conversion rate and its
 * change against the previous period. A click keeps only the visits that converted on the goal.
 */
export function GoalsPanel({
  companyId,
  goals,
  activeGoal,
  canManage,
  onFilter,
  comparable,
}: GoalsPanelProps) {
  const headingId = useId();
  const max = Math.max(1, ...goals.map((goal) => goal.visitors));
  // Revenue gets a column once a goal counts it (docs/api.md "Goals").
  const withRevenue = goals.some((goal) => goal.revenue !== null);
  return (
    <section className="panel conversion-panel" aria-labelledby={headingId}>
      <header className="panel-head">
        <h2 id={headingId}>Goals</h2>
        {canManage && goals.length > 0 ? (
          <Link
            className="small"
            to="/user-profile/$company_id/{-$section}"
            params={{ company_id: companyId, section: 'goals' }}
          >
            Manage goals
          </Link>
        ) : null}
      </header>
      {goals.length === 0 ? (
        <NoGoals companyId={companyId} canManage={canManage} />
      ) : (
        <ValueRows
          label="Goals"
          columns={
            withRevenue ? ['Goal', 'Uniques', 'Total', 'CR', 'Revenue'] : ['Goal', 'Uniques', 'Total', 'CR']
          }
          rows={goals.map((goal) => ({
            key: String(goal.goal_id),
            label: goal.name,
            title: goal.name,
            share: goal.visitors / max,
            pressed: activeGoal === String(goal.goal_id),
            action: `Show the visits that converted on ${goal.name}`,
            onSelect: () => onFilter(String(goal.goal_id)),
            values: [
              {
                text: formatCompact(goal.visitors),
                title: formatNumber(goal.visitors),
                spoken: ' unique conversions',
              },
              { text: formatCompact(goal.events), title: formatNumber(goal.events), spoken: ' conversions' },
              {
                text: formatConversionRate(goal.conversion_rate),
                spoken: ' conversion rate',
                below:
                  goal.comparison && comparable ? (
                    <ChangeBadge
                      change={formatRateChange(goal.conversion_rate, goal.comparison.conversion_rate)}
                    />
                  ) : undefined,
              },
              ...(withRevenue
                ? [
                    goal.revenue
                      ? {
                          text: formatMoneyShort(goal.revenue.total, goal.revenue.currency),
                          title: `${formatMoney(goal.revenue.total, goal.revenue.currency)} in all; average ${formatMoney(goal.revenue.average, goal.revenue.currency)} a conversion`,
                          spoken: ' revenue',
                        }
                      : { text: '—', spoken: ' no revenue' },
                  ]
                : []),
            ],
          }))}
        />
      )}
    </section>
  );
}

function NoGoals({ companyId, canManage }: { companyId: number; canManage: boolean }) {
  const isShared = useIsShared();
  if (isShared) return <p className="panel-empty muted">No goals are defined for this site.</p>;
  if (!canManage) {
    return (
      <p className="panel-empty muted">
        No goals yet. An owner or admin of this site can define them in its settings: a sign-up event, a visit
        to a thank-you page.
      </p>
    );
  }
  return (
    <div className="panel-empty">
      <p className="muted">
        No goals yet. A goal counts a conversion, such as a sign-up event or a visit to /thanks, and its
        conversion rate shows here.
      </p>
      <Link
        className="button button-small"
        to="/user-profile/$company_id/{-$section}"
        params={{ company_id: companyId, section: 'goals' }}
      >
        Add a goal in Settings
      </Link>
    </div>
  );
}
