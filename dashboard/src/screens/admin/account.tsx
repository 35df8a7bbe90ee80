import { useSelector } from '@tanstack/react-store';
import { authStore } from '../../app/services';
import { TwoFactorSettings } from '../../components/two-factor/two-factor-settings';
import { AdminShell } from './admin-shell';

/** `/admin/account`: the admin's own two-factor sign-in, the same section as a user's settings. */
export default function AdminAccount() {
  const admin = useSelector(authStore, (state) => state.admin);
  return (
    <AdminShell section="account" lead={admin ? <p className="muted">Signed in as {admin.email}.</p> : null}>
      <div className="settings-grid">
        <div className="settings-column">
          {admin ? <TwoFactorSettings accountKind="admin" account={admin.email} /> : null}
        </div>
      </div>
    </AdminShell>
  );
}
