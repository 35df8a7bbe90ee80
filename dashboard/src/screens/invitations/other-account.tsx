import { useState } from 'react';
import { auth } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { Notice } from '../../components/notice';

/** Someone else is signed in: the server would refuse them, so the page offers to sign out instead. */
export function OtherAccount({ signedIn, invited }: { signedIn: string; invited: string }) {
  const [pending, setPending] = useState(false);
  const signOut = async () => {
    setPending(true);
    // Signed out, the page offers signing in or up with the invited address.
    await auth.logout();
  };
  return (
    <div className="form">
      <Notice tone="warning">
        <p>
          You are signed in as{' '}
          <strong>
            <Breakable text={signedIn} />
          </strong>
          , but this invitation is for{' '}
          <strong>
            <Breakable text={invited} />
          </strong>
          . Sign out, then sign in or create an account with the invited address.
        </p>
      </Notice>
      <button
        type="button"
        className="button button-primary button-block"
        disabled={pending}
        onClick={() => void signOut()}
      >
        Sign out
      </button>
    </div>
  );
}
