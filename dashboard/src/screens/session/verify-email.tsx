import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { verifyEmail } from '../../api/account';
import { isApiError } from '../../api/api-error';
import { http } from '../../app/services';
import { TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { email, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { ResendVerification } from './resend-verification';
import { SessionLayout } from './session-layout';

const route = getRouteApi('/email/verify/{-$user_id}');

type Outcome =
  | { status: 'checking' }
  | { status: 'verified' | 'already-verified'; message: string }
  | { status: 'failed'; message: string };

/** Posts the link's signature once (docs/api.md "Accounts"), then shows the outcome and a way to ask for a new link. */
export default function VerifyEmail() {
  const { user_id: userId } = route.useParams();
  const { expires, signature } = route.useSearch();
  const hasLink = Boolean(userId && expires && signature);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'checking' });
  const posted = useRef(false);

  useEffect(() => {
    // A verification is a one-time POST: StrictMode's second run of effects must not send it again.
    if (!hasLink || posted.current) return;
    posted.current = true;
    verifyEmail(http, userId ?? '', { expires, signature })
      .then((answer) => setOutcome({ status: answer.data.status, message: answer.message }))
      .catch((error: unknown) =>
        setOutcome({
          status: 'failed',
          message: isApiError(error) ? error.message : 'The link could not be checked.',
        }),
      );
  }, [hasLink, userId, expires, signature]);

  if (!hasLink) {
    return (
      <SessionLayout
        title="Verify your email"
        lead={<p className="muted">Open the link in the email we sent you.</p>}
      >
        <ResendForm />
      </SessionLayout>
    );
  }
  if (outcome.status === 'checking') {
    return (
      <SessionLayout title="Verifying your email…">
        <p className="muted" role="status">
          Checking your link.
        </p>
      </SessionLayout>
    );
  }
  if (outcome.status === 'failed') {
    return (
      <SessionLayout title="This link did not work">
        <Notice tone="warning">{outcome.message}</Notice>
        <p className="muted">
          Verification links last 60 minutes and only the newest one works. Ask for a new one:
        </p>
        <ResendForm />
      </SessionLayout>
    );
  }
  return (
    <SessionLayout title={outcome.status === 'verified' ? 'Email verified' : 'Already verified'}>
      <Notice tone="success">{outcome.message}</Notice>
      <Link
        to="/session/sign-in/{-$user_id}"
        params={{ user_id: userId }}
        className="button button-primary button-block"
      >
        Continue to sign in
      </Link>
    </SessionLayout>
  );
}

function ResendForm() {
  const form = useForm({ email: [required(), email()] }, { email: '' });
  const address = String(form.values.email);
  const valid = address !== '' && !form.errorOf('email');
  return (
    <div className="form">
      <TextField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
      <ResendVerification email={valid ? address : ''} label="Send a new verification link" />
    </div>
  );
}
