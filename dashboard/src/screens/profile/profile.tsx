import { getRouteApi, Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { CompanyShell } from '../../components/company-shell';
import { type SectionLink, SettingsLayout, SettingsPane } from '../../components/settings-layout';
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
  const shows = (section: SiteSectionId) => section === current;
  const link: SectionLink = (section, props, children) => (
    <Link
      to="/user-profile/$company_id/{-$section}"
      params={{ company_id: company.id, section: section as SiteSectionId | undefined }}
      {...props}
    >
      {children}
    </Link>
  );
  const has = (section: SiteSectionId) => sections.some((candidate) => candidate.id === section);
  return (
    <CompanyShell companyId={company.id} section="settings" title="Settings">
      <SettingsLayout
        label="Site settings"
        items={sections}
        current={current}
        chosen={chosen !== undefined}
        link={link}
      >
        {has('general') ? (
          <SettingsPane shown={shows('general')}>
            <CompanySettings company={company} onSaved={setCompany} />
          </SettingsPane>
        ) : null}
        {has('installation') ? (
          <SettingsPane shown={shows('installation')}>
            <Installation company={company} />
          </SettingsPane>
        ) : null}
        {has('goals') && loaded.goals ? (
          <SettingsPane shown={shows('goals')}>
            <Goals companyId={company.id} goals={loaded.goals} />
          </SettingsPane>
        ) : null}
        <SettingsPane shown={shows('team')}>
          <Team company={company} members={loaded.members} onCompanyChanged={setCompany} />
          {loaded.invitations && has('general') ? (
            <Invitations companyId={company.id} invitations={loaded.invitations} />
          ) : null}
        </SettingsPane>
        <SettingsPane shown={shows('reports')}>
          <EmailReports companyId={company.id} />
        </SettingsPane>
        {has('shared-links') && loaded.sharedLinks ? (
          <SettingsPane shown={shows('shared-links')}>
            <SharedLinks companyId={company.id} links={loaded.sharedLinks} />
          </SettingsPane>
        ) : null}
        {has('api-keys') && loaded.keys ? (
          <SettingsPane shown={shows('api-keys')}>
            <ApiKeys companyId={company.id} keys={loaded.keys} />
          </SettingsPane>
        ) : null}
        {has('data') ? (
          <SettingsPane shown={shows('data')}>
            <DataControl company={company} onSaved={setCompany} />
          </SettingsPane>
        ) : null}
        {has('danger-zone') ? (
          <SettingsPane shown={shows('danger-zone')}>
            <DeleteSite company={company} />
          </SettingsPane>
        ) : null}
      </SettingsLayout>
    </CompanyShell>
  );
}
