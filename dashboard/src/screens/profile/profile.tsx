import { getRouteApi } from '@tanstack/react-router';
import { useState } from 'react';
import { CompanyShell } from '../../components/company-shell';
import { AccountForm } from './account-form';
import { ApiKeys } from './api-keys';
import { CompanySettings } from './company-settings';
import { PasswordForm } from './password-form';

const route = getRouteApi('/_main/_authenticated/user-profile/$company_id');

/** `/user-profile/{id}`: the user's account and password, the company's settings and its API keys. */
export default function Profile() {
  const { company_id: companyId } = route.useParams();
  const loaded = route.useLoaderData();
  const [company, setCompany] = useState(loaded.company);
  return (
    <CompanyShell companyId={companyId} section="settings" title="Settings">
      <div className="settings-grid">
        <div className="settings-column">
          <AccountForm />
          <PasswordForm />
        </div>
        <div className="settings-column">
          <CompanySettings key={company.id} company={company} onSaved={setCompany} />
          <ApiKeys companyId={companyId} isOwner={company.role === 'owner'} keys={loaded.keys} />
        </div>
      </div>
    </CompanyShell>
  );
}
