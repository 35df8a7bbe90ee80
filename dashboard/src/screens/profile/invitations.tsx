import type { Invitation } from '@footfall/contract';
import { INVITATION_DAYS } from '@footfall/contract/constants';
import { formatWhen } from '@footfall/contract/format';
import { useState } from 'react';
import { resendInvitation, revokeInvitation } from '../../api/invitations';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { ROLE_LABELS } from '../../lib/format/roles';
import { showAlert } from '../../state/alerts';
import { InviteForm } from './invite-form';
import { messageOf } from './team-text';

/** The invitations of a company's owner and admins: a new one by e-mail, and the pending ones. */
export function Invitations({
  companyId,
  invitations: initial,
}: {
  companyId: number;
  invitations: Invitation[];
}) {
  const [invitations, setInvitations] = useState(initial);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  // A sent invitation empties the form by remounting it, so its rules say nothing until it is typed into.
  const [generation, setGeneration] = useState(0);

  /** The list with `invitation` first: inviting an address again replaces its pending invitation. */
  const put = (invitation: Invitation) =>
    setInvitations((current) => [
      invitation,
      ...current.filter((other) => other.id !== invitation.id && other.email !== invitation.email),
    ]);

  const run = async (action: () => Promise<string>, failure: string) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ tone: 'success', text: await action() });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, failure) });
    } finally {
      setBusy(false);
    }
  };

  const resend = (invitation: Invitation) =>
    run(async () => {
      const { data } = await resendInvitation(http, companyId, invitation.id);
      put(data);
      return `A new link was sent to ${data.email}; the earlier one no longer works.`;
    }, 'The invitation could not be sent again.');

  const revoke = async (invitation: Invitation) => {
    const choice = await showAlert({
      title: 'Revoke this invitation?',
      text: `The link sent to ${invitation.email} will stop working.`,
    });
    if (choice !== 'ok') return;
    await run(async () => {
      await revokeInvitation(http, companyId, invitation.id);
      setInvitations((current) => current.filter((other) => other.id !== invitation.id));
      return `The invitation to ${invitation.email} was revoked.`;
    }, 'The invitation could not be revoked.');
  };

  return (
    <section className="panel settings-section" aria-labelledby="invitations-title">
      <h2 id="invitations-title">Invitations</h2>
      <p className="muted">
        We e-mail a link that works for {INVITATION_DAYS} days. Whoever opens it signs in, or creates an
        account, with that address to join.
      </p>
      <InviteForm
        key={generation}
        companyId={companyId}
        onInvited={(invitation) => {
          put(invitation);
          setGeneration((count) => count + 1);
          setOutcome({ tone: 'success', text: `Invitation sent to ${invitation.email}.` });
        }}
      />
      <OutcomeNotice outcome={outcome} />
      <h3 className="settings-subtitle">Pending</h3>
      {invitations.length === 0 ? (
        <p className="muted">No pending invitations.</p>
      ) : (
        <ul className="member-list" aria-label="Pending invitations">
          {invitations.map((invitation) => (
            <li key={invitation.id} className="member-item">
              <div className="member-info">
                <p className="member-name member-email">
                  <strong>
                    <Breakable text={invitation.email} />
                  </strong>
                </p>
                <p className="muted small member-meta">
                  <span className="badge">{ROLE_LABELS[invitation.role].name}</span>{' '}
                  <span>Expires {formatWhen(invitation.expires_at, { dayOnly: true })}</span>
                </p>
              </div>
              <div className="member-actions">
                <button
                  type="button"
                  className="button button-small"
                  aria-label={`Resend to ${invitation.email}`}
                  disabled={busy}
                  onClick={() => void resend(invitation)}
                >
                  Resend
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={`Revoke the invitation to ${invitation.email}`}
                  disabled={busy}
                  onClick={() => void revoke(invitation)}
                >
                  Revoke
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
