import type { MembershipRole } from '@footfall/contract';
import { type CompanyAction, can } from '@footfall/contract/rules';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { type ReactNode, useEffect } from 'react';
import { authStore } from '../app/services';
import { EXACT_MATCH } from '../lib/routing/link-match';
import { TabRow } from './tab-row';
import { UpdatingInPlace } from './updating-in-place';

export type CompanySection =
  | 'overview'
  | 'realtime'
  | 'detail'
  | 'funnels'
  | 'test-site'
  | 'api-usage'
  | 'alerts'
  | 'audit-log'
  | 'plans'
  | 'settings';

/** The company's sections, each with what its tab shows, which decides who sees it (the server refuses the rest anyway). */
const SECTIONS = [
  { id: 'overview', label: 'Dashboard', to: '/dashboard/$company_id', action: 'viewCompany' },
  { id: 'realtime', label: 'Realtime', to: '/dashboard/$company_id/realtime', action: 'viewCompany' },
  { id: 'detail', label: 'Detail & exports', to: '/dashboard/$company_id/detail', action: 'viewCompany' },
  {
    id: 'funnels',
    label: 'Funnels',
    to: '/dashboard/$company_id/funnels/{-$funnel_id}',
    action: 'viewCompany',
  },
  { id: 'test-site', label: 'Test site', to: '/test-site/$company_id', action: 'viewCompany' },
  { id: 'api-usage', label: 'API usage', to: '/api-count-report/$company_id', action: 'viewCompany' },
  { id: 'alerts', label: 'Alerts', to: '/alerts/$company_id', action: 'manageAlerts' },
  { id: 'audit-log', label: 'Audit log', to: '/audit-log/$company_id', action: 'readAuditLog' },
  { id: 'plans', label: 'Plans', to: '/user-plans/$company_id', action: 'seePlans' },
  { id: 'settings', label: 'Settings', to: '/user-profile/$company_id', action: 'viewCompany' },
] as const satisfies readonly { id: CompanySection; label: string; to: string; action: CompanyAction }[];

/**
 * Whether a member of `role` sees the screen at `fullPath` (a route's path, `/alerts/$company_id`): by the
 * longest section path it starts with; any member for a company screen that is no tab (the set-up page).
 */
export function canSeePath(role: MembershipRole | undefined, fullPath: string): boolean {
  const matching = SECTIONS.filter((item) => fullPath === item.to || fullPath.startsWith(`${item.to}/`));
  return can(role, matching.sort((a, b) => b.to.length - a.to.length)[0]?.action ?? 'viewCompany');
}

/** The analytics screens share their period and filters; the others start from their own. */
const SHARES_SEARCH = new Set<CompanySection>(['overview', 'detail', 'funnels']);

interface CompanyShellProps {
  companyId: number;
  section: CompanySection;
  /** The page's heading; the company's name by default. */
  title?: string;
  /** Controls beside the heading (the period picker, realtime visitors). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of every company screen: breadcrumbs, heading, the company's sections as tabs (the header's
 * site switcher moves between companies).
 */
export function CompanyShell({ companyId, section, title, actions, children }: CompanyShellProps) {
  const companies = useSelector(authStore, (state) => state.user?.companies ?? []);
  const company = companies.find((candidate) => candidate.id === companyId);
  const website = useSelector(
    authStore,
    (state) => state.userDetails?.find((details) => details.id === companyId)?.website,
  );
  const name = company?.name ?? `Company ${companyId}`;
  const current = SECTIONS.find((candidate) => candidate.id === section);
  const sections = SECTIONS.filter((item) => can(company?.role, item.action) || item.id === section);
  const heading = title ?? name;

  useEffect(() => {
    document.title = `${current?.label ?? ''} · ${name} · Footfall`;
  }, [current, name]);

  return (
    <div className="company container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/sites">Your sites</Link>
          </li>
          <li>
            {section === 'overview' ? (
              name
            ) : (
              <Link
                to="/dashboard/$company_id"
                params={{ company_id: companyId }}
                activeOptions={EXACT_MATCH}
              >
                {name}
              </Link>
            )}
          </li>
          <li aria-current="page">{current?.label}</li>
        </ol>
      </nav>
      <div className="company-head">
        <div className="company-title">
          <h1>{heading}</h1>
          {website ? <WebsiteLink url={website} /> : null}
        </div>
        {actions ? <div className="company-actions">{actions}</div> : null}
      </div>
      <TabRow label="Company sections">
        {sections.map((item) => (
          <Link
            key={item.id}
            to={item.to}
            params={{ company_id: companyId }}
            search={
              SHARES_SEARCH.has(item.id) && SHARES_SEARCH.has(section) ? (previous: object) => previous : {}
            }
            className="tab"
            activeOptions={EXACT_MATCH}
            aria-current={item.id === section ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ))}
      </TabRow>
      {SHARES_SEARCH.has(section) ? (
        <UpdatingInPlace>{children}</UpdatingInPlace>
      ) : (
        <div className="company-body">{children}</div>
      )}
    </div>
  );
}

/** The company's site, opened in a new tab. */
function WebsiteLink({ url }: { url: string }) {
  let host: string;
  try {
    host = new URL(url).host.replace(/^www\./, '');
  } catch {
    return null;
  }
  return (
    <a className="company-website small" href={url} target="_blank" rel="noopener noreferrer">
      {host} <span aria-hidden="true">↗</span>
      <span className="visually-hidden"> (opens in a new tab)</span>
    </a>
  );
}
