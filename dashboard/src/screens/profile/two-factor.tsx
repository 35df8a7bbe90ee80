import { useSelector } from '@tanstack/react-store';
import { authStore } from '../../app/services';
import { TwoFactorSettings } from '../../components/two-factor/two-factor-settings';

/** The user's two-factor sign-in, in the settings' account column. */
export function TwoFactor() {
  const email = useSelector(authStore, (state) => state.user?.email);
  if (!email) return null;
  return <TwoFactorSettings accountKind="user" account={email} />;
}
