import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { requestPasswordReset } from '../../api/account';
import { http } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { email, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { SessionLayout } from './session-layout';

const schema = { email: [required(), email()] };

export default function ForgotPassword() {
  const [sent, setSent] = useState<string | undefined>();
  const form = useForm(schema, { email: '' });

  const submit = form.handleSubmit(async (values) => {
    const answer = await requestPasswordReset(http, { email: String(values.email) });
    setSent(answer.message);
  });

  return (
    <SessionLayout
      title="Reset your password"
      lead={
        <p className="muted">
          Enter your account's email and we will send you a link to choose a new password.
        </p>
      }
      footer={
        <p>
          Remembered it?{' '}
          <Link to="/session/sign-in/{-$user_id}" params={{}}>
            Sign in
          </Link>
        </p>
      }
    >
      {sent ? (
        <Notice tone="success">
          <p>{sent}</p>
          <p className="small">
            The link is valid for 60 minutes. Check your spam folder if it does not arrive.
          </p>
        </Notice>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <FormError message={form.formError} />
          <TextField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
          <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
            {form.submitting ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
    </SessionLayout>
  );
}
