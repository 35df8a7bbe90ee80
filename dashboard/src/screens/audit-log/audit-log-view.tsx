import type { AdminAuditLogQuery, AuditEvent, AuditLogAnswer } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { useState } from 'react';
import { Breakable } from '../../components/breakable';
import { messageOf } from '../profile/team-text';
import { AuditFilters, type AuditFiltersProps } from './audit-filters';
import { auditQuery } from './audit-search';
import { auditActorName, auditPredicate } from './audit-sentence';

export interface AuditLogViewProps extends AuditFiltersProps {
  /** Reads a page of the log: a company's, or the admin's. */
  loadPage: (query: AdminAuditLogQuery) => Promise<AuditLogAnswer>;
  first: AuditLogAnswer;
  /** The admin log names each entry's site. */
  showSite?: boolean;
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
  const { loadPage, first, search, showSite = false } = props;
  const [entries, setEntries] = useState<AuditEvent[]>(first.data);
  const [cursor, setCursor] = useState<string | null>(first.meta.cursor);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const loadMore = async () => {
    if (!cursor) return;
    setLoading(true);
    setError(undefined);
    try {
      const page = await loadPage(auditQuery(search, cursor));
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
