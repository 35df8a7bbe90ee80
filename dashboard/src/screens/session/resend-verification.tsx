import { useState } from 'react';
import { resendVerification } from '../../api/account';
import { isApiError } from '../../api/api-error';
import { http } from '../../app/services';

/** A new verification link (`resendVerification`), with what the server said. */
export function ResendVerification({ email, label = 'Send a new link' }: { email: string; label?: string }) {
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({
    status: 'idle',
  });
  const resend = async () => {
    setState({ status: 'sending' });
    try {
      const answer = await resendVerification(http, { email });
      setState({ status: 'sent', message: answer.message });
    } catch (error) {
      setState({
        status: 'failed',
        message: isApiError(error) ? error.message : 'The link could not be sent.',
      });
    }
  };
  return (
    <div className="resend">
      <button
        type="button"
        className="button"
        onClick={resend}
        disabled={state.status === 'sending' || !email}
      >
        {state.status === 'sending' ? 'Sending…' : label}
      </button>
      {state.message ? (
        <p className={state.status === 'failed' ? 'field-error' : 'muted small'} role="status">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
