import { limits } from '@footfall/contract/constants';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { resetPassword } from '../../api/account';
import { resetAdminPassword } from '../../api/admin-auth';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { confirmed, max, min, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { SessionLayout } from './session-layout';

const route = getRouteApi('/password/reset');
const schema = {
  password: [required(), min(limits.passwordMin), max(limits.passwordMax)],
  password_confirmation: [required(), confirmed('password')],
};
const labels = { password_confirmation: 'password confirmation' };

export default function ResetPassword() {
  const { token, email, admin } = route.useSearch();
  const isAdmin = admin === '1';
  const [done, setDone] = useState<string | undefined>();
  const form = useForm(schema, { password: '', password_confirmation: '' }, { labels });
  const signIn = isAdmin ? (
    <a href="/admin/login">Go to the admin sign-in</a>
  ) : (
    <Link to="/session/sign-in/{-$user_id}" params={{}}>
      Sign in with your new password
    </Link>
  );

  if (!token || !email) {
    return (
      <SessionLayout title="Reset link incomplete">
        <Notice tone="warning">
          This link is missing its token or address. Open the link from the email again.
        </Notice>
        <p>
          <Link to="/session/forgot-password">Ask for a new link</Link>
        </p>
      </SessionLayout>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    // docs/api.md "Admin accounts": an admin account resets through its own endpoint.
    const reset = isAdmin ? resetAdminPassword : resetPassword;
    const answer = await reset(
      http,
      { email, token },
      { password: String(values.password), password_confirmation: String(values.password_confirmation) },
    );
    setDone(answer.message);
  });
  const tokenError = form.serverErrorOf('token') ?? form.serverErrorOf('email');

  return (
    <SessionLayout
      title={isAdmin ? 'Choose a new admin password' : 'Choose a new password'}
      lead={
        <p className="muted">
          For{' '}
          <strong>
            <Breakable text={email} />
          </strong>
          .
        </p>
      }
    >
      {done ? (
        <>
          <Notice tone="success">{done}</Notice>
          <p>{signIn}</p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={submit}>
          <FormError message={form.formError ?? tokenError} />
          {tokenError ? (
            <p>
              <Link to="/session/forgot-password">Ask for a new link</Link>
            </p>
          ) : null}
          <TextField
            label="New password"
            type="password"
            autoComplete="new-password"
            {...form.bind('password')}
            hint={`At least ${limits.passwordMin} characters.`}
          />
          <TextField
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
            {...form.bind('password_confirmation')}
          />
          <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
            {form.submitting ? 'Saving…' : 'Save new password'}
          </button>
        </form>
      )}
    </SessionLayout>
  );
}
