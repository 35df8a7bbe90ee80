import type { SitePeriod } from '@footfall/contract';
import { SITE_PERIODS } from '@footfall/contract/constants';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useId } from 'react';
import { PERIOD_LABELS } from '../dashboard/period-picker';
import { SiteCard } from './site-card';
import { SitesTable } from './sites-table';
import { TotalsRow } from './totals-row';

const route = getRouteApi('/_main/_authenticated/sites/');

/**
 * `/sites`: every site of the user at a glance (today, now, the period's trend), all of them together, and
 * side by side. Where a user with several sites lands after signing in.
 */
export default function Sites() {
  const overview = route.useLoaderData();
  const { period = '30d' } = route.useSearch();
  const navigate = route.useNavigate();
  const pickerId = useId();
  const label = PERIOD_LABELS[period];

  useEffect(() => {
    document.title = 'Your sites · Footfall';
  }, []);

  return (
    <div className="container sites-page">
      <div className="sites-head">
        <h1>Your sites</h1>
        <div className="sites-actions">
          <label htmlFor={pickerId} className="visually-hidden">
            Period
          </label>
          <select
            id={pickerId}
            className="input"
            value={period}
            onChange={(event) => void navigate({ search: { period: event.target.value as SitePeriod } })}
          >
            {SITE_PERIODS.map((value) => (
              <option key={value} value={value}>
                {PERIOD_LABELS[value]}
              </option>
            ))}
          </select>
          <Link to="/sites/new" className="button button-primary">
            Add a site
          </Link>
        </div>
      </div>
      {overview.sites.length === 0 ? (
        <div className="empty-state" role="status">
          <h2>No site yet</h2>
          <p className="muted">Add your website to start counting its visitors: it takes a minute.</p>
          <Link to="/sites/new" className="button button-primary">
            Add your first site
          </Link>
        </div>
      ) : (
        <>
          <ul className="site-cards" aria-label="Sites">
            {overview.sites.map((site) => (
              <SiteCard key={site.id} site={site} periodLabel={label} />
            ))}
          </ul>
          {overview.sites.length > 1 ? (
            <section className="panel" aria-labelledby="all-sites-title">
              <header className="panel-head">
                <h2 id="all-sites-title">All sites together</h2>
                <span className="muted small">{label}</span>
              </header>
              <TotalsRow totals={overview.totals} comparison={overview.comparison} />
              <SitesTable sites={overview.sites} periodLabel={label} />
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
