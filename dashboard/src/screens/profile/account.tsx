import { Link, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { type SectionLink, SettingsLayout, SettingsPane } from '../../components/settings-layout';
import { AccountActivity } from './account-activity';
import { AccountForm } from './account-form';
import { DeleteAccount } from './delete-account';
import { PasswordForm } from './password-form';
import { Sessions } from './sessions';
import { ACCOUNT_SECTIONS, type AccountSectionId, isAccountSection } from './settings-sections';
import { TwoFactor } from './two-factor';

/**
 * `/account/{section}`, reached from the user menu: the person's name and address, password and second
 * factor, where they are signed in and what was done, and deleting the account. Nothing here is any one
 * site's; a site's settings are its own Settings tab.
 */
export default function Account() {
  const asked = useParams({ strict: false, select: (params) => params.section });
  const chosen = asked !== undefined && isAccountSection(asked) ? asked : undefined;
  const current = chosen ?? 'profile';
  const shows = (section: AccountSectionId) => section === current;
  const link: SectionLink = (section, props, children) => (
    <Link to="/account/{-$section}" params={{ section: section as AccountSectionId | undefined }} {...props}>
      {children}
    </Link>
  );
  const label = ACCOUNT_SECTIONS.find((section) => section.id === current)?.label;
  useEffect(() => {
    document.title = `${label} · Account · Footfall`;
  }, [label]);
  return (
    <div className="container account-page">
      <h1>Account</h1>
      <SettingsLayout
        label="Account settings"
        items={ACCOUNT_SECTIONS}
        current={current}
        chosen={chosen !== undefined}
        link={link}
      >
        <SettingsPane shown={shows('profile')}>
          <AccountForm />
        </SettingsPane>
        <SettingsPane shown={shows('security')}>
          <PasswordForm />
          <TwoFactor />
        </SettingsPane>
        <SettingsPane shown={shows('sessions')}>
          <Sessions />
          <AccountActivity />
        </SettingsPane>
        <SettingsPane shown={shows('danger-zone')}>
          <DeleteAccount />
        </SettingsPane>
      </SettingsLayout>
    </div>
  );
}
