import { limits } from '@footfall/contract/constants';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useEffect, useState } from 'react';
import { auth, authStore } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { confirmed, email, max, min, required, siteWebsite, website } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { browserTimeZone } from '../../lib/format/time-zones';
import { FORM_ERROR } from '../../state/auth-store';
import { InvalidInvitation, InvitedLead, type InvitedSignUp, JoinedTeam } from './invited-sign-up';
import { ResendVerification } from './resend-verification';
import { SessionLayout } from './session-layout';
import { landingPath } from './sign-in';
import { SingleSignOn } from './single-sign-on';

const route = getRouteApi('/session/sign-up');

const schema = {
  name: [required(), max(limits.nameMax)],
  email: [required(), email(), max(limits.emailMax)],
  password: [required(), min(limits.passwordMin), max(limits.passwordMax)],
  password_confirmation: [required(), confirmed('password')],
  company_name: [required(), max(limits.nameMax)],
  website: [website()],
};
/** Joining a team creates no site: its fields are not shown, so they ask for nothing. */
const invitedSchema = { ...schema, company_name: [], website: [] };
const labels = { name: 'name', company_name: 'company name', password_confirmation: 'password confirmation' };

export default function SignUp() {
  const { invitation: token } = route.useSearch();
  const invitation = route.useLoaderData();
  if (token && invitation?.status === 'invalid') return <InvalidInvitation message={invitation.message} />;
  const invited =
    token && invitation?.status === 'valid' ? { token, preview: invitation.preview } : undefined;
  // Another invitation, or none, is another form.
  return <SignUpForm key={token ?? ''} invited={invited} />;
}

function SignUpForm({ invited }: { invited: InvitedSignUp | undefined }) {
  const { validationError, registerLoading, successMsg } = useSelector(authStore, (state) => state);
  const navigate = useNavigate();
  const [joined, setJoined] = useState(false);
  const form = useForm(
    invited ? invitedSchema : schema,
    {
      name: '',
      email: invited?.preview.email ?? '',
      password: '',
      password_confirmation: '',
      company_name: '',
      website: '',
    },
    { labels },
  );
  const text = (field: keyof typeof schema) => String(form.values[field]);
  // A 422 lands in validationError (docs/api.md "Errors") and, through the form, beside its field until it is edited.

  // The seed keeps registration's results in the auth state; a new visit to the page starts clean.
  useEffect(
    () => () => authStore.setState((state) => ({ ...state, validationError: {}, successMsg: '' })),
    [],
  );

  if (joined && invited) return <JoinedTeam preview={invited.preview} />;
  if (successMsg) {
    return (
      <SessionLayout title="Check your inbox">
        <Notice tone="success">{successMsg}</Notice>
        <p className="muted">
          We sent a link to <strong>{text('email')}</strong>. Open it to verify your address, then sign in.
          The link is valid for 60 minutes.
        </p>
        <ResendVerification email={text('email')} label="Send the link again" />
        <p>
          <Link to="/session/sign-in/{-$user_id}" params={{}}>
            Go to sign in
          </Link>
        </p>
      </SessionLayout>
    );
  }

  const submit = form.handleSubmit(async (values) => {
    const website = siteWebsite(String(values.website));
    const timezone = browserTimeZone();
    const answer = await auth.register({
      name: String(values.name),
      email: String(values.email),
      password: String(values.password),
      password_confirmation: String(values.password_confirmation),
      ...(invited
        ? { invitation: invited.token }
        : {
            company_name: String(values.company_name),
            ...(website ? { website } : {}),
            ...(timezone ? { timezone } : {}),
          }),
    });
    if (!answer.success || answer.data.status !== 'joined') return;
    // The invitation's link proved the address, so the new colleague is signed in at once with what they
    // just typed, and lands on the team's site; should that fail, the page offers to sign in.
    const signedIn = await auth
      .login({ email: String(values.email), password: String(values.password), remember: false })
      .catch(() => undefined);
    if (signedIn?.success) {
      await navigate({ href: await landingPath(signedIn.data.user, undefined), replace: true });
      return;
    }
    setJoined(true);
  });

  return (
    <SessionLayout
      title={invited ? `Join ${invited.preview.company_name}` : 'Create your account'}
      lead={
        invited ? (
          <InvitedLead preview={invited.preview} />
        ) : (
          <p className="muted">Privacy-friendly analytics for your site, free for 10,000 events a month.</p>
        )
      }
      footer={
        <p>
          Already have an account?{' '}
          <Link
            to="/session/sign-in/{-$user_id}"
            params={{}}
            search={invited ? { redirect: `/invitations/${invited.token}` } : {}}
          >
            Sign in
          </Link>
        </p>
      }
    >
      <form className="form" noValidate onSubmit={submit} aria-busy={registerLoading}>
        {/* A link used or revoked since the page opened is refused on `invitation`, a field not shown. */}
        <FormError message={validationError[FORM_ERROR]?.[0] ?? form.serverErrorOf('invitation')} />
        <TextField label="Your name" autoComplete="name" {...form.bind('name')} />
        <TextField
          label="Work email"
          type="email"
          autoComplete="email"
          {...form.bind('email')}
          {...(invited ? { readOnly: true, hint: 'The invitation was sent to this address.' } : {})}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          {...form.bind('password')}
          hint={`At least ${limits.passwordMin} characters.`}
        />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          {...form.bind('password_confirmation')}
        />
        {invited ? null : (
          <>
            <TextField
              label="Company or site name"
              autoComplete="organization"
              {...form.bind('company_name')}
            />
            <TextField
              label="Website (optional)"
              inputMode="url"
              placeholder="example.com"
              autoComplete="url"
              {...form.bind('website')}
            />
          </>
        )}
        <button type="submit" className="button button-primary button-block" disabled={registerLoading}>
          {registerLoading
            ? 'Creating your account…'
            : invited
              ? 'Create account and join'
              : 'Create account'}
        </button>
      </form>
      {/* A first sign-in through the provider creates the account; an invitation is accepted by password. */}
      {invited ? null : <SingleSignOn remember={false} action="Sign up" />}
    </SessionLayout>
  );
}
