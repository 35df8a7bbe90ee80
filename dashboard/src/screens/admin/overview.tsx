import type { AdminOverview } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DEFAULT_OVERVIEW_DAYS, OVERVIEW_DAYS, type OverviewDays } from '../../lib/routing/page-sizes';
import { formatBytes } from './admin-format';
import { AdminShell } from './admin-shell';
import { OverviewCharts } from './overview-charts';

const route = getRouteApi('/_main/_admin/admin/dashboard');

/** `/admin/dashboard`: the whole installation at a glance, and its daily activity. */
export default function AdminOverviewScreen() {
  const overview = route.useLoaderData();
  const { days = DEFAULT_OVERVIEW_DAYS } = route.useSearch();
  return (
    <AdminShell
      section="dashboard"
      title="Admin overview"
      lead="Accounts, companies and traffic across this Footfall server."
      actions={<DaysPicker days={days} />}
    >
      <Totals overview={overview} />
      <OverviewCharts daily={overview.daily} days={days} />
    </AdminShell>
  );
}

function DaysPicker({ days }: { days: OverviewDays }) {
  const navigate = useNavigate();
  return (
    <fieldset className="segmented">
      <legend className="visually-hidden">Days shown in the charts</legend>
      {OVERVIEW_DAYS.map((candidate) => (
        <button
          key={candidate}
          type="button"
          className="segmented-button"
          aria-pressed={candidate === days}
          onClick={() =>
            void navigate({
              to: '/admin/dashboard',
              search: candidate === DEFAULT_OVERVIEW_DAYS ? {} : { days: candidate },
              replace: true,
            })
          }
        >
          {candidate} days
        </button>
      ))}
    </fieldset>
  );
}

function Totals({ overview }: { overview: AdminOverview }) {
  const { totals, today, ingest, database, daily } = overview;
  const storedInRange = daily.reduce((sum, day) => sum + day.events, 0);
  const perMinuteLastHour = ingest.events_last_hour / 60;
  return (
    <ul className="summary-cards admin-totals" aria-label="Totals">
      <Card label="Users" value={formatNumber(totals.users)}>
        {formatNumber(totals.verified_users)} verified · {formatNumber(totals.suspended_users)} suspended
      </Card>
      <Card label="Companies" value={formatNumber(totals.companies)}>
        {formatNumber(totals.suspended_companies)} suspended · {formatNumber(today.signups)} sign-ups today
      </Card>
      <Card label="Listed" value={formatNumber(totals.listed_companies)}>
        in the public directory
      </Card>
      {/* The same days and the same events as the chart below (imports included), so the two agree; the
          all-time figure is what plan quotas count, which leaves imports out. */}
      <Card label="Events stored" value={formatNumber(storedInRange)}>
        last {daily.length} days · {formatNumber(today.events)} today · {formatNumber(totals.events)} tracked
        all time, imports excluded · {formatNumber(today.bots)} bots filtered today
      </Card>
      <Card label="API calls" value={formatNumber(totals.api_calls)}>
        {formatNumber(today.api_calls)} today
      </Card>
      <Card label="Subscribers" value={formatNumber(totals.subscribers)}>
        to the newsletter
      </Card>
      <Card label="Database" value={formatBytes(database.bytes)}>
        {database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite'}
      </Card>
      <Card label="Ingest rate" value={`${formatNumber(ingest.events_last_minute)}/min`}>
        last minute ·{' '}
        {perMinuteLastHour < 10 && perMinuteLastHour > 0
          ? perMinuteLastHour.toFixed(1)
          : formatNumber(perMinuteLastHour)}
        /min over the hour
      </Card>
    </ul>
  );
}

function Card({ label, value, children }: { label: string; value: string; children: ReactNode }) {
  return (
    <li className="summary-card">
      <div className="summary-static">
        <span className="summary-label">{label}</span>
        <span className="summary-value num">{value}</span>
        <span className="muted small">{children}</span>
      </div>
    </li>
  );
}
