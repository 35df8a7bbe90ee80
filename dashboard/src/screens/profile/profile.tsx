import { getRouteApi, Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { CompanyShell } from '../../components/company-shell';
import { type SectionLink, SettingsLayout } from '../../components/settings-layout';
import { ApiKeys } from './api-keys';
import { CompanySettings } from './company-settings';
import { DataControl } from './data-control';
import { DeleteSite } from './delete-site';
import { EmailReports } from './email-reports';
import { Goals } from './goals';
import { Installation } from './installation';
import { Invitations } from './invitations';
import type { SettingsData } from './load-settings';
import { isSiteSection, type SiteSectionId, siteSectionsFor } from './settings-sections';
import { SharedLinks } from './shared-links';
import { Team } from './team';

const route = getRouteApi('/_main/_authenticated/user-profile/$company_id');

/**
 * `/user-profile/{id}/{section}`: the site's settings as its team's role lets them see it, a section at a
 * time (`settings-sections.ts`): everyone the team and their own e-mail reports; owners and admins the
 * site's general settings, installation, goals, invitations, API keys, shared links and data; its owner
 * deleting it. The account's own settings are on `/account`.
 */
export default function Profile() {
  const loaded = route.useLoaderData();
  // Another company's settings start from their own data, not from this one's edits.
  return <Settings key={loaded.company.id} loaded={loaded} />;
}

function Settings({ loaded }: { loaded: SettingsData }) {
  const [company, setCompany] = useState(loaded.company);
  const asked = useParams({ strict: false, select: (params) => params.section });
  const sections = siteSectionsFor(company.role);
  const chosen = asked !== undefined && isSiteSection(asked) ? asked : undefined;
  // A section the role does not see (a viewer at …/goals) shows the first one it does.
  const current = sections.find((section) => section.id === chosen)?.id ?? sections[0]?.id ?? 'team';
  const link: SectionLink = (section, props, children) => (
    <Link
      to="/user-profile/$company_id/{-$section}"
      params={{ company_id: company.id, section: section as SiteSectionId | undefined }}
      {...props}
    >
      {children}
    </Link>
  );
  // Each section the role sees (`sections`), with its panels; the lists are loaded for those roles only.
  const panels: Record<SiteSectionId, ReactNode> = {
    general: <CompanySettings company={company} onSaved={setCompany} />,
    installation: <Installation company={company} />,
    goals: loaded.goals ? <Goals companyId={company.id} goals={loaded.goals} /> : null,
    team: (
      <>
        <Team company={company} members={loaded.members} onCompanyChanged={setCompany} />
        {loaded.invitations ? <Invitations companyId={company.id} invitations={loaded.invitations} /> : null}
      </>
    ),
    reports: <EmailReports companyId={company.id} />,
    'shared-links': loaded.sharedLinks ? (
      <SharedLinks companyId={company.id} links={loaded.sharedLinks} />
    ) : null,
    'api-keys': loaded.keys ? <ApiKeys companyId={company.id} keys={loaded.keys} /> : null,
    data: <DataControl company={company} onSaved={setCompany} />,
    'danger-zone': <DeleteSite company={company} />,
  };
  return (
    <CompanyShell companyId={company.id} section="settings" title="Settings">
      <SettingsLayout
        label="Site settings"
        sections={sections.map((section) => ({ ...section, content: panels[section.id] }))}
        current={current}
        chosen={chosen !== undefined}
        link={link}
      />
    </CompanyShell>
  );
}
