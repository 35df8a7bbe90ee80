import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { TabRow } from '../../components/tab-row';
import { EXACT_MATCH } from '../../lib/routing/link-match';

export type AdminSection =
  | 'dashboard'
  | 'add-list'
  | 'companies'
  | 'listings'
  | 'users'
  | 'blogs'
  | 'plans'
  | 'subscribers'
  | 'audit-log'
  | 'account';

const SECTIONS = [
  { id: 'dashboard', label: 'Overview', to: '/admin/dashboard' },
  { id: 'companies', label: 'Companies', to: '/admin/companies' },
  { id: 'listings', label: 'Listings', to: '/admin/listings' },
  { id: 'add-list', label: 'Add listing', to: '/admin/add-list' },
  { id: 'users', label: 'Users', to: '/admin/users' },
  { id: 'blogs', label: 'Blog', to: '/admin/blogs' },
  { id: 'plans', label: 'Plans', to: '/admin/plans' },
  { id: 'subscribers', label: 'Subscribers', to: '/admin/subscribers' },
  { id: 'audit-log', label: 'Audit log', to: '/admin/audit-log' },
  { id: 'account', label: 'Your account', to: '/admin/account' },
] as const satisfies readonly { id: AdminSection; label: string; to: string }[];

interface AdminShellProps {
  section: AdminSection;
  /** The page's heading; the section's name by default. */
  title?: string;
  /** A last breadcrumb below the section (a post being edited). */
  crumb?: string;
  /** One line under the heading, saying what the page is for. */
  lead?: ReactNode;
  /** Controls beside the heading (the days picker, "New post"). */
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every admin page: breadcrumbs, heading, and the admin's sections as a row of tabs. */
export function AdminShell({ section, title, crumb, lead, actions, children }: AdminShellProps) {
  const current = SECTIONS.find((candidate) => candidate.id === section);
  const label = current?.label ?? '';
  const heading = title ?? label;

  useEffect(() => {
    document.title = `${crumb ?? heading} · Admin · Footfall`;
  }, [crumb, heading]);

  return (
    <div className="company admin container">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/home">Home</Link>
          </li>
          <li>
            {section === 'dashboard' && !crumb ? (
              'Admin'
            ) : (
              <Link to="/admin/dashboard" activeOptions={EXACT_MATCH}>
                Admin
              </Link>
            )}
          </li>
          {crumb ? (
            <>
              <li>
                <Link to={current?.to ?? '/admin/dashboard'} activeOptions={EXACT_MATCH}>
                  {label}
                </Link>
              </li>
              <li aria-current="page">{crumb}</li>
            </>
          ) : (
            <li aria-current="page">{label}</li>
          )}
        </ol>
      </nav>
      <div className="company-head">
        <div className="company-title admin-title">
          <h1>{heading}</h1>
          {lead ? <p className="muted admin-lead">{lead}</p> : null}
        </div>
        {actions ? <div className="company-actions">{actions}</div> : null}
      </div>
      <TabRow label="Admin sections">
        {SECTIONS.map((item) => (
          <Link
            key={item.id}
            to={item.to}
            className="tab"
            activeOptions={EXACT_MATCH}
            aria-current={item.id === section ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ))}
      </TabRow>
      <div className="company-body">{children}</div>
    </div>
  );
}
