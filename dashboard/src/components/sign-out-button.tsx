import { useNavigate } from '@tanstack/react-router';
import { auth } from '../app/services';

/** Signs the account out and goes home; the account's name tells it apart for a screen reader. */
export function SignOutButton({ name }: { name: string }) {
  const navigate = useNavigate();
  const signOut = async () => {
    await auth.logout();
    await navigate({ to: '/home' });
  };
  return (
    <button type="button" className="link-button" onClick={signOut}>
      Sign out <span className="visually-hidden">{name}</span>
    </button>
  );
}
