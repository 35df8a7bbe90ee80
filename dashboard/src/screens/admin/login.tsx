import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import { adminActions } from '../../app/services';
import { CheckboxField, FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { email, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { SessionLayout } from '../session/session-layout';
import { TwoFactorStep } from '../session/two-factor-step';
import { TwoFactorEnrolAtSignIn } from './two-factor-enrol-at-sign-in';

const route = getRouteApi('/admin/login');
const schema = { email: [required(), email()], password: [required()] };
const resetSchema = { email: [required(), email()] };

/** `/admin/login`: the admins' own sign-in (docs/api.md "Admin accounts"), standalone like the users' session screens. */
export default function AdminLogin() {
  const { redirect } = route.useSearch();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  const [showReset, setShowReset] = useState(false);
  const resetId = useId();
  const form = useForm(schema, { email: '', password: '' });
  const [pending, setPending] = useState<{ challenge: string; setup: boolean } | undefined>();
  const home = () => navigate({ href: redirect ?? '/admin/dashboard', replace: true });

  const submit = form.handleSubmit(async (values) => {
    const answer = await adminActions.adminLogin({
      email: String(values.email),
      password: String(values.password),
      remember,
    });
    if (!answer.success) {
      const setup = answer.data.status === 'two_factor_setup_required';
      setPending({ challenge: answer.data.challenge, setup });
      return;
    }
    await home();
  });

  if (pending) {
    return (
      <SessionLayout
        title="Two-factor sign-in"
        lead={
          pending.setup ? (
            <p className="muted">
              Administrators must use two-factor sign-in. Set it up to finish signing in.
            </p>
          ) : null
        }
      >
        {pending.setup ? (
          <TwoFactorEnrolAtSignIn
            challenge={pending.challenge}
            email={String(form.values.email)}
            remember={remember}
            onSignedIn={() => void home()}
            onStartOver={() => setPending(undefined)}
          />
        ) : (
          <TwoFactorStep
            onSubmit={async (code) => {
              await adminActions.completeAdminTwoFactor({ challenge: pending.challenge, ...code }, remember);
              await home();
            }}
            onStartOver={() => setPending(undefined)}
          />
        )}
      </SessionLayout>
    );
  }

  return (
    <SessionLayout
      title="Admin sign in"
      lead={
        <p className="muted">For Footfall's administrators: the directory, the blog, plans and accounts.</p>
      }
      footer={
        <p>
          Not an administrator?{' '}
          <Link to="/session/sign-in/{-$user_id}" params={{}}>
            Sign in to your dashboard
          </Link>
        </p>
      }
    >
      <form className="form" noValidate onSubmit={submit} aria-label="Admin sign in">
        <FormError message={form.formError} />
        <TextField label="Email" type="email" autoComplete="username" {...form.bind('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
        />
        <div className="form-row">
          <CheckboxField
            name="remember"
            label="Remember me for a year"
            checked={remember}
            onChecked={setRemember}
          />
          <button
            type="button"
            className="link-button small"
            aria-expanded={showReset}
            aria-controls={resetId}
            onClick={() => setShowReset((shown) => !shown)}
          >
            Forgot password?
          </button>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          {form.submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <div id={resetId} hidden={!showReset}>
        {showReset ? <AdminResetRequest initialEmail={String(form.values.email)} /> : null}
      </div>
    </SessionLayout>
  );
}

/** The admin's "forgot password": mails a link to `/password/reset?…&admin=1`, which the reset screen handles. */
function AdminResetRequest({ initialEmail }: { initialEmail: string }) {
  const [sent, setSent] = useState<string | undefined>();
  const form = useForm(resetSchema, { email: initialEmail });
  const submit = form.handleSubmit(async (values) => {
    const answer = await adminActions.requestAdminPasswordReset(String(values.email));
    setSent(answer.message);
  });

  return (
    <section className="admin-reset" aria-labelledby="admin-reset-title">
      <h2 id="admin-reset-title">Reset the admin password</h2>
      {sent ? (
        <Notice tone="success">
          <p>{sent}</p>
          <p className="small">
            The link is valid for 60 minutes. Check your spam folder if it does not arrive.
          </p>
        </Notice>
      ) : (
        <form className="form" noValidate onSubmit={submit} aria-label="Reset the admin password">
          <p className="muted small">We will email a link to choose a new password.</p>
          <FormError message={form.formError} />
          <TextField label="Admin email" type="email" autoComplete="username" {...form.bind('email')} />
          <button type="submit" className="button" disabled={form.submitting}>
            {form.submitting ? 'Sending…' : 'Send reset link'}
          </button>
        </form>
      )}
    </section>
  );
}
