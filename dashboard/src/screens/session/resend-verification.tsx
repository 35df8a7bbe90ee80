import type { SuccessMessage } from '@footfall/contract';
import { useState } from 'react';
import { isApiError } from '../../api/api-error';
import { http } from '../../app/services';

/** `POST /api/email/resend?email=`: a new verification link, with what the server said. */
export function ResendVerification({ email, label = 'Send a new link' }: { email: string; label?: string }) {
  const [state, setState] = useState<{ status: 'idle' | 'sending' | 'sent' | 'failed'; message?: string }>({
    status: 'idle',
  });
  const resend = async () => {
    setState({ status: 'sending' });
    try {
      const answer = await http.post<SuccessMessage>('/api/email/resend', undefined, { query: { email } });
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
