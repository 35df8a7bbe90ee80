import { AUDIT_ACTION_GROUPS, type AuditEvent, type AuditLogAnswer } from '@footfall/contract';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { formatWhen } from '../../lib/format';
import { messageOf } from '../profile/team-text';
import { type AuditSearch, auditQuery } from './audit-search';
import { ACTION_GROUP_LABELS, auditActorName, auditPredicate } from './audit-sentence';

/** A person the "Member" filter offers. */
export interface AuditMemberOption {
  id: number;
  name: string;
}

interface AuditLogViewProps {
  /** The API path of the log: a company's, or the admin's. */
  path: string;
  first: AuditLogAnswer;
  search: AuditSearch;
  /** The members to filter by; none hides the filter. */
  members?: AuditMemberOption[];
  /** Groups of actions the filter offers (the company log has no account events). */
  groups?: readonly string[];
  /** The admin log names each entry's site. */
  showSite?: boolean;
  /** More filters, before the buttons (the admin's company). */
  extraFilters?: ReactNode;
  /** Keeps filters set outside the form (the admin's company) when the form applies its own. */
  keep?: AuditSearch;
}

/** The sentence with a capital, as the "What" of a row: "Changed the time zone from UTC to Europe/Paris." */
function what(event: AuditEvent): string {
  const predicate = auditPredicate(event);
  return `${predicate.charAt(0).toUpperCase()}${predicate.slice(1)}.`;
}

/**
 * The audit log (docs/api.md "Audit log"): filters in the URL, a table of entries (when, who, what in a
 * sentence, the truncated address) that a narrow screen draws as cards, and "Load more" for older entries.
 */
export function AuditLogView(props: AuditLogViewProps) {
  const { path, first, search, showSite = false } = props;
  const [entries, setEntries] = useState<AuditEvent[]>(first.data);
  const [cursor, setCursor] = useState<string | null>(first.meta.cursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setError(undefined);
    try {
      const page = await http.get<AuditLogAnswer>(path, { query: auditQuery(search, cursor) });
      setEntries((current) => [...current, ...page.data]);
      setCursor(page.meta.cursor);
    } catch (failure) {
      setError(messageOf(failure, 'The older entries could not be loaded. Try again.'));
    } finally {
      setLoading(false);
    }
  };

  const filtered = Object.keys(search).length > 0;
  return (
    <div className="audit-log">
      <AuditFilters {...props} />
      {entries.length === 0 ? (
        <div className="panel audit-empty" role="status">
          <p>
            <strong>
              {filtered ? 'No change matches these filters.' : 'No change has been recorded yet.'}
            </strong>
          </p>
          <p className="muted small">
            {filtered
              ? 'Choose another kind of change, member or dates, or clear the filters.'
              : 'Changes to settings, members, keys, goals and more appear here as they are made.'}
          </p>
        </div>
      ) : (
        <div className="table-wrap audit-table-wrap">
          <table className="data-table audit-table">
            <caption className="visually-hidden">Changes, newest first</caption>
            <thead>
              <tr>
                <th scope="col">What</th>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                {showSite ? <th scope="col">Site</th> : null}
                <th scope="col">Address</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((event) => (
                <tr key={event.id}>
                  <td className="audit-what">{what(event)}</td>
                  <td data-label="When" className="audit-when">
                    <time dateTime={event.created_at}>{formatWhen(event.created_at)}</time>
                  </td>
                  <td data-label="Who" className="audit-who">
                    <strong>
                      <Breakable text={auditActorName(event)} />
                    </strong>
                    {event.actor.email && event.actor.email !== event.actor.name ? (
                      <span className="muted small">
                        <Breakable text={event.actor.email} />
                      </span>
                    ) : null}
                  </td>
                  {showSite ? (
                    <td data-label="Site" className="audit-site">
                      {event.company_name ? (
                        <Breakable text={event.company_name} />
                      ) : (
                        <span className="muted">Account</span>
                      )}
                    </td>
                  ) : null}
                  <td data-label="Address" className="audit-ip">
                    {event.ip ? <code>{event.ip}</code> : <span className="muted">None</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {cursor ? (
        <div className="form-actions audit-more">
          <button type="button" className="button" disabled={loading} onClick={() => void loadMore()}>
            {loading ? 'Loading…' : 'Load more'}
          </button>
        </div>
      ) : entries.length > 0 ? (
        <p className="muted small audit-end">
          That is every change{filtered ? ' matching the filters' : ''} of the last year; older entries are
          deleted.
        </p>
      ) : null}
    </div>
  );
}

function AuditFilters({
  search,
  members,
  groups = AUDIT_ACTION_GROUPS,
  extraFilters,
  keep,
}: AuditLogViewProps) {
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
