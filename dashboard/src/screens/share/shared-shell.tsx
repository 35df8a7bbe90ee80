import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { TabRow } from '../../components/tab-row';
import { UpdatingInPlace } from '../../components/updating-in-place';
import { EXACT_MATCH } from '../../lib/routing/link-match';

export type SharedSection = 'overview' | 'detail';

const SECTIONS = [
  { id: 'overview', label: 'Dashboard', to: '/share/$token' },
  { id: 'detail', label: 'Detail & exports', to: '/share/$token/detail' },
] as const satisfies readonly { id: SharedSection; label: string; to: string }[];

interface SharedShellProps {
  token: string;
  siteName: string;
  section: SharedSection;
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * The frame of a shared link's screens: the site's name and its two sections as tabs, which keep the period,
 * the filters and `embed`. No breadcrumbs, no switcher, no settings: nothing outside the link.
 */
export function SharedShell({ token, siteName, section, actions, children }: SharedShellProps) {
  const current = SECTIONS.find((candidate) => candidate.id === section);
  useEffect(() => {
    document.title = `${current?.label ?? ''} · ${siteName} · Footfall`;
  }, [current, siteName]);

  return (
    <div className="company container">
      <div className="company-head">
        <div className="company-title">
          <h1>{section === 'detail' ? `${siteName} in detail` : siteName}</h1>
        </div>
        {actions ? <div className="company-actions">{actions}</div> : null}
      </div>
      <TabRow label="Dashboard sections">
        {SECTIONS.map((item) => (
          <Link
            key={item.id}
            to={item.to}
            params={{ token }}
            search={true}
            className="tab"
            activeOptions={EXACT_MATCH}
            aria-current={item.id === section ? 'page' : undefined}
          >
            {item.label}
          </Link>
        ))}
      </TabRow>
      <UpdatingInPlace>{children}</UpdatingInPlace>
    </div>
  );
}
