import type { Member } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { useId } from 'react';
import { Breakable } from '../../components/breakable';
import { ROLE_LABELS } from '../../lib/format/roles';
import type { MemberActions } from './team-rules';

interface MemberRowProps {
  member: Member;
  isSelf: boolean;
  actions: MemberActions;
  /** Another action is under way: the controls wait for it. */
  busy: boolean;
  onRole: (role: 'admin' | 'viewer') => void;
  onRemove: () => void;
  onTransfer: () => void;
}

const HANDED_OUT = ['admin', 'viewer'] as const;

/** One member: name, address, role and joining date, with what the signed-in user may do to them. */
export function MemberRow({ member, isSelf, actions, busy, onRole, onRemove, onTransfer }: MemberRowProps) {
  const roleId = useId();
  const hasControls = actions.changeRole || actions.transfer || actions.remove;
  return (
    <li className="member-item">
      <div className="member-info">
        <p className="member-name">
          <strong>{member.name}</strong>
          {isSelf ? <span className="muted"> (you)</span> : null}
        </p>
        <p className="muted small member-email">
          <Breakable text={member.email} />
        </p>
        <p className="muted small member-meta">
          {actions.changeRole ? null : (
            <>
              <span className="badge">{ROLE_LABELS[member.role].name}</span>{' '}
            </>
          )}
          <span>Joined {formatWhen(member.joined_at, { dayOnly: true })}</span>
        </p>
      </div>
      {hasControls ? (
        <div className="member-actions">
          {actions.changeRole ? (
            <>
              <label htmlFor={roleId} className="visually-hidden">
                Role of {member.name}
              </label>
              <select
                id={roleId}
                className="input member-role"
                value={member.role}
                disabled={busy}
                onChange={(event) => onRole(event.target.value === 'admin' ? 'admin' : 'viewer')}
              >
                {HANDED_OUT.map((role) => (
                  <option key={role} value={role}>
                    {ROLE_LABELS[role].name}
                  </option>
                ))}
              </select>
            </>
          ) : null}
          {actions.transfer ? (
            <button
              type="button"
              className="button button-small"
              aria-label={`Make owner: ${member.name}`}
              disabled={busy}
              onClick={onTransfer}
            >
              Make owner
            </button>
          ) : null}
          {actions.remove ? (
            <button
              type="button"
              className="button button-small button-danger"
              aria-label={`Remove ${member.name}`}
              disabled={busy}
              onClick={onRemove}
            >
              Remove
            </button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}
