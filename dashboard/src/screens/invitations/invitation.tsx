import type { InvitationPreview } from '@footfall/contract';
import { INVITATION_DAYS } from '@footfall/contract/constants';
import { formatWhen } from '@footfall/contract/format';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { authStore } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { Notice } from '../../components/notice';
import { ROLE_LABELS } from '../../lib/format/roles';
import { roleInSentence } from '../profile/team-text';
import { SessionLayout } from '../session/session-layout';
import { AcceptInvitation } from './accept-invitation';
import { invitationReader } from './invitation-reader';
import { OtherAccount } from './other-account';

const route = getRouteApi('/invitations/$token');

/** `/invitations/{token}`: who invited whom to which site, and the way in for whoever opened the link. */
export default function InvitationPage() {
  const { token } = route.useParams();
  const invitation = route.useLoaderData();
  const signedIn = useSelector(authStore, (state) => state.user?.email);

  if (invitation.status === 'invalid') {
    return (
      <SessionLayout title="This invitation cannot be used">
        <Notice tone="warning">{invitation.message}</Notice>
        <p className="muted">
          Invitations work once, for {INVITATION_DAYS} days. Ask whoever invited you for a new one.
        </p>
        <Link to="/home" className="button button-block">
          Go to the home page
        </Link>
      </SessionLayout>
    );
  }

  const { preview } = invitation;
  const reader = invitationReader(preview.email, signedIn);
  return (
    <SessionLayout title={`Join ${preview.company_name}`} lead={<Invited preview={preview} />}>
      {reader === 'invited' ? <AcceptInvitation token={token} /> : null}
      {reader === 'other-account' && signedIn ? (
        <OtherAccount signedIn={signedIn} invited={preview.email} />
      ) : null}
      {reader === 'signed-out' ? <SignInOrUp token={token} email={preview.email} /> : null}
    </SessionLayout>
  );
}

function Invited({ preview }: { preview: InvitationPreview }) {
  return (
    <>
      <p>
        {preview.invited_by ?? 'A member of the team'} invited{' '}
        <strong>
          <Breakable text={preview.email} />
        </strong>{' '}
        to join <strong>{preview.company_name}</strong> as {roleInSentence(preview.role)}.
      </p>
      <p className="muted small">
        What {roleInSentence(preview.role)} may do: {ROLE_LABELS[preview.role].can}. The link works until{' '}
        {formatWhen(preview.expires_at, { dayOnly: true })}.
      </p>
    </>
  );
}

function SignInOrUp({ token, email }: { token: string; email: string }) {
  return (
    <div className="invitation-actions">
      <Link
        to="/session/sign-in/{-$user_id}"
        params={{}}
        search={{ redirect: `/invitations/${token}` }}
        className="button button-primary button-block"
      >
        Sign in to accept
      </Link>
      <Link to="/session/sign-up" search={{ invitation: token, email }} className="button button-block">
        Create an account
      </Link>
      <p className="muted small">Sign in or sign up with the invited address.</p>
    </div>
  );
}
