import type { Company, Member } from '@footfall/contract';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useState } from 'react';
import { changeMemberRole, removeMember, transferOwnership } from '../../api/members';
import { auth, authStore, http } from '../../app/services';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { showAlert } from '../../state/alerts';
import { MemberRow } from './member-row';
import { RoleGuide } from './role-guide';
import { canLeave, memberActions, pageAfterLosingSite, withRole } from './team-rules';
import { messageOf, roleInSentence } from './team-text';

interface TeamProps {
  company: Company;
  members: Member[];
  /** The company as the server now sees it for the user: after a hand-over they are an admin. */
  onCompanyChanged: (company: Company) => void;
}

/** The company's team: who is in it and, by role, changing roles, removing, handing over and leaving. */
export function Team({ company, members: initialMembers, onCompanyChanged }: TeamProps) {
  const userId = useSelector(authStore, (state) => state.user?.id ?? 0);
  const navigate = useNavigate();
  const [members, setMembers] = useState(initialMembers);
  const [outcome, setOutcome] = useState<Outcome | undefined>();
  const [busy, setBusy] = useState(false);
  const actor = { userId, role: company.role };

  /** Runs one action at a time; what it says (or its failure) is announced under the list. */
  const run = async (action: () => Promise<string | undefined>, failure: string) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const text = await action();
      if (text) setOutcome({ tone: 'success', text });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, failure) });
    } finally {
      setBusy(false);
    }
  };

  const changeRole = (member: Member, role: 'admin' | 'viewer') =>
    run(async () => {
      const { data } = await changeMemberRole(http, company.id, member.user_id, { role });
      setMembers((current) => withRole(current, data.user_id, data.role));
      return `${member.name} is now ${roleInSentence(data.role)}.`;
    }, 'The role could not be changed.');

  const remove = async (member: Member) => {
    const choice = await showAlert({
      title: 'Remove this member?',
      text: `${member.name} will no longer see ${company.name}. You can invite them again later.`,
    });
    if (choice !== 'ok') return;
    await run(async () => {
      await removeMember(http, company.id, member.user_id);
      setMembers((current) => current.filter((candidate) => candidate.user_id !== member.user_id));
      return `${member.name} was removed from the team.`;
    }, 'The member could not be removed.');
  };

  const transfer = async (member: Member) => {
    const choice = await showAlert({
      title: 'Hand this site over?',
      text: `${member.name} becomes the owner of ${company.name}, with billing and deletion. You stay on the team as an admin, and only the new owner can hand it back.`,
    });
    if (choice !== 'ok') return;
    await run(async () => {
      const { data } = await transferOwnership(http, company.id, { user_id: member.user_id });
      setMembers((current) => withRole(current, member.user_id, 'owner'));
      onCompanyChanged(data);
      // The switcher and the header read the user's roles from the user object.
      void auth.refreshCompanies().catch(() => undefined);
      return `${member.name} now owns ${company.name}. You are an admin.`;
    }, 'The site could not be handed over.');
  };

  const leave = async () => {
    const choice = await showAlert({
      title: 'Leave this site?',
      text: `You will no longer see ${company.name}. An owner or admin can invite you again.`,
    });
    if (choice !== 'ok') return;
    await run(async () => {
      await removeMember(http, company.id, userId);
      const user = await auth.refreshCompanies();
      await navigate({ href: pageAfterLosingSite(user.companies), replace: true });
      return undefined;
    }, 'You could not leave this site.');
  };

  return (
    <section className="panel settings-section" aria-labelledby="team-title">
      <h2 id="team-title">Team</h2>
      <RoleGuide />
      <ul className="member-list" aria-label="Members">
        {members.map((member) => (
          <MemberRow
            key={member.user_id}
            member={member}
            isSelf={member.user_id === userId}
            actions={memberActions(actor, member)}
            busy={busy}
            onRole={(role) => void changeRole(member, role)}
            onRemove={() => void remove(member)}
            onTransfer={() => void transfer(member)}
          />
        ))}
      </ul>
      <OutcomeNotice outcome={outcome} />
      {canLeave(company.role) ? (
        <div className="team-leave">
          <p className="muted small">Leaving ends your access to this site's dashboards and reports.</p>
          <button type="button" className="button button-danger" disabled={busy} onClick={() => void leave()}>
            Leave this site
          </button>
        </div>
      ) : (
        <p className="muted small">To leave this site, hand it over to a member first.</p>
      )}
    </section>
  );
}
