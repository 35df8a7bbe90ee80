import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CompanyShell } from '../../components/company-shell';
import { roleAtLeast } from '../../lib/roles';
import { AccountActivity } from './account-activity';
import { AccountForm } from './account-form';
import { ApiKeys } from './api-keys';
import { CompanySettings } from './company-settings';
import { DataControl } from './data-control';
import { DeleteAccount } from './delete-account';
import { DeleteSite } from './delete-site';
import { EmailReports } from './email-reports';
import { Goals } from './goals';
import { Installation } from './installation';
import { Invitations } from './invitations';
import type { SettingsData } from './load-settings';
import { PasswordForm } from './password-form';
import { Sessions } from './sessions';
import { SharedLinks } from './shared-links';
import { Team } from './team';
import { TwoFactor } from './two-factor';

const route = getRouteApi('/_main/_authenticated/user-profile/$company_id');

/**
 * `/user-profile/{id}`: the user's account, and the company as their role lets them see it: everyone its
 * team and their own e-mail reports; its owner and admins its settings, invitations, goals, API keys and
 * shared links; its owner deleting it.
 */
export default function Profile() {
  const loaded = route.useLoaderData();
  // Another company's settings start from their own data, not from this one's edits.
  return <Settings key={loaded.company.id} loaded={loaded} />;
}

function Settings({ loaded }: { loaded: SettingsData }) {
  const [company, setCompany] = useState(loaded.company);
  const manages = roleAtLeast(company.role, 'admin');
  return (
    <CompanyShell companyId={company.id} section="settings" title="Settings">
      <div className="settings-grid">
        <div className="settings-column">
          <AccountForm />
          <PasswordForm />
          <TwoFactor />
          <Sessions />
          <AccountActivity />
          <DeleteAccount />
        </div>
        <div className="settings-column">
          {manages ? <CompanySettings company={company} onSaved={setCompany} /> : null}
          {manages ? <Installation company={company} /> : null}
          <Team company={company} members={loaded.members} onCompanyChanged={setCompany} />
          <EmailReports companyId={company.id} />
          {manages && loaded.invitations ? (
            <Invitations companyId={company.id} invitations={loaded.invitations} />
          ) : null}
          {manages && loaded.goals ? <Goals companyId={company.id} goals={loaded.goals} /> : null}
          {manages && loaded.keys ? <ApiKeys companyId={company.id} keys={loaded.keys} /> : null}
          {manages && loaded.sharedLinks ? (
            <SharedLinks companyId={company.id} links={loaded.sharedLinks} />
          ) : null}
          {manages ? <DataControl company={company} onSaved={setCompany} /> : null}
          {company.role === 'owner' ? <DeleteSite company={company} /> : null}
        </div>
      </div>
    </CompanyShell>
  );
}
