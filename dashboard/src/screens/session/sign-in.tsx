import type { LoginAnswer, User } from '@footfall/contract';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { getSitesOverview } from '../../api/sites';
import { auth, http } from '../../app/services';
import { CheckboxField, FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { email, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { isSameSitePath } from '../../lib/routing/search-params';
import { userHomePath } from '../../lib/routing/user-home';
import { ResendVerification } from './resend-verification';
import { SessionLayout } from './session-layout';
import { SingleSignOn, SsoErrorNotice } from './single-sign-on';
import { TwoFactorStep } from './two-factor-step';

const route = getRouteApi('/session/sign-in/{-$user_id}');
const schema = { email: [required(), email()], password: [required()] };

/**
 * Where a signed-in user starts: the page that sent them here; else, owning one site that never had a
 * visit (a new user's first sign-in), its setup, which waits for the first pageview; else their home (the
 * sites page, or their one site's dashboard).
 */
export async function landingPath(user: User, redirect: unknown): Promise<string> {
  if (isSameSitePath(redirect)) return redirect;
  const home = userHomePath(user.companies);
  const [only] = user.companies;
  // A colleague who joined someone's site starts on its dashboard: setting it up is its owner's first run.
  if (!only || user.companies.length > 1 || only.role !== 'owner') return home;
  const overview = await getSitesOverview(http, { period: 'today' }, { background: true }).catch(
    () => undefined,
  );
  const site = overview?.data.sites.find((candidate) => candidate.id === only.id);
  return site && !site.has_visits ? `/sites/${only.id}/setup` : home;
}

export default function SignIn() {
  const { user_id: justVerified } = route.useParams();
  const { redirect, sso_error: ssoError } = route.useSearch();
  const navigate = useNavigate();
  const [remember, setRemember] = useState(false);
  const [unverified, setUnverified] = useState<string | undefined>();
  const [challenge, setChallenge] = useState<string | undefined>();
  const form = useForm(schema, { email: '', password: '' });

  const submit = form.handleSubmit(async (values) => {
    setUnverified(undefined);
    const answer: LoginAnswer = await auth.login({
      email: String(values.email),
      password: String(values.password),
      remember,
    });
    if (!answer.success) {
      if (answer.data.status === 'unverified') setUnverified(answer.message);
      else setChallenge(answer.data.challenge);
      return;
    }
    await navigate({ href: await landingPath(answer.data.user, redirect), replace: true });
  });

  if (challenge) {
    return (
      <SessionLayout title="Two-factor sign-in">
        <TwoFactorStep
          onSubmit={async (code) => {
            const answer = await auth.completeTwoFactor({ challenge, ...code }, remember);
            await navigate({ href: await landingPath(answer.data.user, redirect), replace: true });
          }}
          onStartOver={() => setChallenge(undefined)}
        />
      </SessionLayout>
    );
  }

  return (
    <SessionLayout
      title="Sign in"
      lead={
        justVerified ? (
          <Notice tone="success">Your email address is verified. Sign in to continue.</Notice>
        ) : (
          <p className="muted">Welcome back. Sign in to see your dashboards.</p>
        )
      }
      footer={
        <p>
          New to Footfall? <Link to="/session/sign-up">Create an account</Link>
        </p>
      }
    >
      <form className="form" noValidate onSubmit={submit}>
        <FormError message={form.formError} />
        <SsoErrorNotice code={ssoError} />
        {unverified ? (
          <Notice tone="warning">
            <p>{unverified} Open the link we sent you, or ask for a new one.</p>
            <ResendVerification email={String(form.values.email)} />
          </Notice>
        ) : null}
        <TextField label="Email" type="email" autoComplete="email" {...form.bind('email')} />
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
          <Link to="/session/forgot-password" className="small">
            Forgot password?
          </Link>
        </div>
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          {form.submitting ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <SingleSignOn remember={remember} redirect={redirect} />
    </SessionLayout>
  );
}
