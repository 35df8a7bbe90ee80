import type { SiteOverview } from '@footfall/contract';
import { formatChange, formatCompact, formatNumber } from '@footfall/contract/format';
import { can } from '@footfall/contract/rules';
import { Link } from '@tanstack/react-router';
import { ChangeBadge } from '../../components/change-badge';
import { ROLE_LABELS } from '../../lib/format/roles';
import { useChunk } from '../../lib/hooks/use-chunk';
import { loadCharts } from '../dashboard/lazy-charts';

/** The host of a site's website, without `www.`; undefined without a website. */
export function siteHost(website: string | null): string | undefined {
  if (!website) return undefined;
  try {
    return new URL(website).host.replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/**
 * One site: now, today and the period's visitors with their trend; the whole card opens its dashboard, or,
 * for a site that never had a visit, its setup (to those who may set it up).
 */
export function SiteCard({ site, periodLabel }: { site: SiteOverview; periodLabel: string }) {
  const host = siteHost(site.website);
  const settingUp = !site.has_visits && can(site.role, 'editCompany');
  const change = formatChange(site.summary.visitors, site.comparison.visitors);
  return (
    <li className="site-card">
      <div className="site-card-head">
        <h2 className="site-name">
          {settingUp ? (
            <Link to="/sites/$company_id/setup" params={{ company_id: site.id }} className="card-link">
              {site.name}
            </Link>
          ) : (
            <Link to="/dashboard/$company_id" params={{ company_id: site.id }} className="card-link">
              {site.name}
            </Link>
          )}
        </h2>
        {site.role === 'owner' ? null : <span className="badge">{ROLE_LABELS[site.role].name}</span>}
      </div>
      {host ? <p className="muted small site-host">{host}</p> : null}
      {settingUp ? (
        <p className="notice notice-info site-waiting">Waiting for the first pageview. Finish the setup.</p>
      ) : (
        <>
          <dl className="site-figures">
            <div>
              <dt>Now</dt>
              <dd className="num">
                <span
                  className={site.realtime_visitors > 0 ? 'live-dot live' : 'live-dot'}
                  aria-hidden="true"
                />
                {formatNumber(site.realtime_visitors)}
              </dd>
            </div>
            <div>
              <dt>Today</dt>
              <dd className="num">{formatNumber(site.today_visitors)}</dd>
            </div>
            <div>
              <dt>{periodLabel}</dt>
              <dd className="num" title={formatNumber(site.summary.visitors)}>
                {formatCompact(site.summary.visitors)} <ChangeBadge change={change} />
              </dd>
            </div>
          </dl>
          <SiteTrend values={site.series.map((point) => point.visitors)} label={`Visitors, ${periodLabel}`} />
        </>
      )}
    </li>
  );
}

function SiteTrend({ values, label }: { values: number[]; label: string }) {
  const charts = useChunk(loadCharts);
  if (charts.status !== 'ready') return <div className="site-trend-placeholder" aria-hidden="true" />;
  return <charts.module.Sparkline values={values} label={label} height={40} className="site-trend" />;
}
