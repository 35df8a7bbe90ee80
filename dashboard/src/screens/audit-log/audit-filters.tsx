import { AUDIT_ACTION_GROUPS } from '@footfall/contract';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { AuditSearch } from './audit-search';
import { ACTION_GROUP_LABELS } from './audit-sentence';

/** A person the "Member" filter offers. */
export interface AuditMemberOption {
  id: number;
  name: string;
}

export interface AuditFiltersProps {
  search: AuditSearch;
  /** The members to filter by; none hides the filter. */
  members?: AuditMemberOption[];
  /** Groups of actions the filter offers (the company log has no account events). */
  groups?: readonly string[];
  /** More filters, before the buttons (the admin's company). */
  extraFilters?: ReactNode;
  /** Keeps filters set outside the form (the admin's company) when the form applies its own. */
  keep?: AuditSearch;
}

/**
 * The log's filters (kind of change, member, days), held in the form until applied, then written into the
 * URL that the log reads.
 */
export function AuditFilters({
  search,
  members,
  groups = AUDIT_ACTION_GROUPS,
  extraFilters,
  keep,
}: AuditFiltersProps) {
  const navigate = useNavigate();
  const id = useId();
  const [action, setAction] = useState(search.action ?? '');
  const [actor, setActor] = useState(search.actor ? String(search.actor) : '');
  const [from, setFrom] = useState(search.from ?? '');
  const [to, setTo] = useState(search.to ?? '');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    void navigate({
      to: '.',
      search: {
        ...keep,
        ...(action && { action }),
        ...(actor && { actor: Number(actor) }),
        ...(from && { from }),
        ...(to && { to }),
      },
    });
  };
  const clear = () => {
    setAction('');
    setActor('');
    setFrom('');
    setTo('');
    void navigate({ to: '.', search: {} });
  };

  return (
    <search className="panel audit-filters">
      <form onSubmit={apply} aria-label="Filter the audit log">
        <div className="audit-filter-fields">
          <div className="field">
            <label htmlFor={`${id}-action`}>Kind of change</label>
            <select id={`${id}-action`} value={action} onChange={(event) => setAction(event.target.value)}>
              <option value="">All changes</option>
              {groups.map((group) => (
                <option key={group} value={`${group}.`}>
                  {ACTION_GROUP_LABELS[group] ?? group}
                </option>
              ))}
            </select>
          </div>
          {members ? (
            <div className="field">
              <label htmlFor={`${id}-actor`}>Member</label>
              <select id={`${id}-actor`} value={actor} onChange={(event) => setActor(event.target.value)}>
                <option value="">Anyone</option>
                {members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <div className="audit-dates">
            <div className="field">
              <label htmlFor={`${id}-from`}>From</label>
              <input
                id={`${id}-from`}
                type="date"
                value={from}
                max={to || undefined}
                onChange={(event) => setFrom(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor={`${id}-to`}>To</label>
              <input
                id={`${id}-to`}
                type="date"
                value={to}
                min={from || undefined}
                onChange={(event) => setTo(event.target.value)}
              />
            </div>
          </div>
          {extraFilters}
        </div>
        <p className="muted small">Days are counted in UTC.</p>
        <div className="form-actions">
          <button type="submit" className="button button-primary">
            Apply filters
          </button>
          {Object.keys(search).length > 0 ? (
            <button type="button" className="button" onClick={clear}>
              Clear filters
            </button>
          ) : null}
        </div>
      </form>
    </search>
  );
}
