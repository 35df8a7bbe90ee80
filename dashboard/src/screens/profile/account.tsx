import { Link, useParams } from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { type SectionLink, SettingsLayout } from '../../components/settings-layout';
import { AccountActivity } from './account-activity';
import { AccountForm } from './account-form';
import { DeleteAccount } from './delete-account';
import { PasswordForm } from './password-form';
import { Sessions } from './sessions';
import { ACCOUNT_SECTIONS, type AccountSectionId, isAccountSection } from './settings-sections';
import { TwoFactor } from './two-factor';

/** Each section's panels: they read the signed-in account themselves. */
const PANELS: Record<AccountSectionId, ReactNode> = {
  profile: <AccountForm />,
  security: (
    <>
      <PasswordForm />
      <TwoFactor />
    </>
  ),
  sessions: (
    <>
      <Sessions />
      <AccountActivity />
    </>
  ),
  'danger-zone': <DeleteAccount />,
};

/**
 * `/account/{section}`, reached from the user menu: the person's name and address, password and second
 * factor, where they are signed in and what was done, and deleting the account. Nothing here is any one
 * site's; a site's settings are its own Settings tab.
 */
export default function Account() {
  const asked = useParams({ strict: false, select: (params) => params.section });
  const chosen = asked !== undefined && isAccountSection(asked) ? asked : undefined;
  const current = chosen ?? 'profile';
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
        sections={ACCOUNT_SECTIONS.map((section) => ({ ...section, content: PANELS[section.id] }))}
        current={current}
        chosen={chosen !== undefined}
        link={link}
      />
    </div>
  );
}
