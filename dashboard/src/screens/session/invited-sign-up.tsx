import type { InvitationPreview } from '@footfall/contract';
import { Link } from '@tanstack/react-router';
import { Notice } from '../../components/notice';
import { roleInSentence } from '../profile/team-text';
import { SessionLayout } from './session-layout';

/** Signing up from an invitation's page: its token, and what it offers. */
export interface InvitedSignUp {
  token: string;
  preview: InvitationPreview;
}

/** Above the form: whom the reader joins, as what. */
export function InvitedLead({ preview }: { preview: InvitationPreview }) {
  return (
    <p className="muted">
      {preview.invited_by ?? 'A member of the team'} invited you to join{' '}
      <strong>{preview.company_name}</strong> as {roleInSentence(preview.role)}. Create your account to
      accept.
    </p>
  );
}

/**
 * The account joined the team at once (`status: "joined"`) but signing in with it straight after failed (a
 * dropped connection): the invitation's link proved the address, so there is nothing to verify and the
 * reader may sign in now. Signing in opens their only site.
 */
export function JoinedTeam({ preview }: { preview: InvitationPreview }) {
  return (
    <SessionLayout title="Your account is ready">
      <Notice tone="success">
        You joined <strong>{preview.company_name}</strong> as {roleInSentence(preview.role)}.
      </Notice>
      <p className="muted">Sign in to open {preview.company_name}.</p>
      <Link to="/session/sign-in/{-$user_id}" params={{}} className="button button-primary button-block">
        Sign in
      </Link>
    </SessionLayout>
  );
}

/** The link's invitation was used, revoked or has expired: the reader may still sign up on their own. */
export function InvalidInvitation({ message }: { message: string }) {
  return (
    <SessionLayout title="This invitation cannot be used">
      <Notice tone="warning">{message}</Notice>
      <p className="muted">
        Ask whoever invited you for a new one, or create an account with a site of your own.
      </p>
      <Link to="/session/sign-up" search={{}} className="button button-block">
        Create an account
      </Link>
    </SessionLayout>
  );
}
