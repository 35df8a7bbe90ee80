import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { acceptInvitation } from '../../api/invitations';
import { auth, http } from '../../app/services';
import { FormError } from '../../components/form-field';
import { messageOf } from '../profile/team-text';

/** The invited address is signed in: one click joins, and opens the site's dashboard. */
export function AcceptInvitation({ token }: { token: string }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const accept = async () => {
    setPending(true);
    setError(undefined);
    try {
      // Its refusals (a link used meanwhile, another address) are this page's to explain, not an alert's.
      const { data } = await acceptInvitation(http, token, { silent: true });
      await auth.refreshCompanies();
      await navigate({ to: '/dashboard/$company_id', params: { company_id: data.id } });
    } catch (failure) {
      setError(messageOf(failure, 'The invitation could not be accepted.'));
      setPending(false);
    }
  };

  return (
    <div className="form">
      <FormError message={error} />
      <button
        type="button"
        className="button button-primary button-block"
        disabled={pending}
        onClick={() => void accept()}
      >
        {pending ? 'Joining…' : 'Accept the invitation'}
      </button>
    </div>
  );
}
