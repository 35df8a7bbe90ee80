import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useId } from 'react';
import { authStore } from '../app/services';
import { canSeePath } from './company-shell';

/** What the switcher offers beside the sites: their overview, and a new one. */
const ALL_SITES = 'all-sites';
const ADD_SITE = 'add-site';

/**
 * The header's site switcher on a company's screens: the same screen of another site (its own period and
 * filters; a funnel or section of this one is not carried over), or that site's dashboard where its role does
 * not see this screen; all sites; a new one.
 */
export function SiteSwitcher({ companyId }: { companyId: number }) {
  const companies = useSelector(authStore, (state) => state.user?.companies ?? []);
  const fullPath = useRouterState({ select: (state) => state.matches.at(-1)?.fullPath ?? '' });
  const navigate = useNavigate();
  const id = useId();
  const choose = (value: string) => {
    if (value === ALL_SITES) return void navigate({ to: '/sites' });
    if (value === ADD_SITE) return void navigate({ to: '/sites/new' });
    const target = companies.find((company) => String(company.id) === value);
    const path = canSeePath(target?.role, fullPath) ? fullPath : '/dashboard/$company_id';
    // The path is a company route's own, taken from the router: only its company changes.
    void navigate({ to: path as '/dashboard/$company_id', params: { company_id: Number(value) } });
  };
  return (
    <div className="company-switcher">
      <label htmlFor={id} className="visually-hidden">
        Switch site
      </label>
      <select id={id} className="input" value={companyId} onChange={(event) => choose(event.target.value)}>
        {companies.map((company) => (
          <option key={company.id} value={company.id}>
            {company.name}
          </option>
        ))}
        <option disabled>──────────</option>
        <option value={ALL_SITES}>All sites</option>
        <option value={ADD_SITE}>Add a site…</option>
      </select>
    </div>
  );
}
