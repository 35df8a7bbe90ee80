import type { AuditEvent, AuditLogAnswer } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { useEffect, useState } from 'react';
import { getAccountAuditLog } from '../../api/audit-log';
import { http } from '../../app/services';
import { auditPredicate } from '../audit-log/audit-sentence';
import { messageOf } from './team-text';

const PAGE = 10;

function fetchActivity(after: string | null, signal?: AbortSignal): Promise<AuditLogAnswer> {
  return getAccountAuditLog(
    http,
    { limit: PAGE, ...(after && { cursor: after }) },
    { background: true, ...(signal && { signal }) },
  );
}

/** "Changed their password" as "Changed your password.": the account's own history, spoken to its owner. */
function sentence(event: AuditEvent): string {
  const predicate = auditPredicate(event).replace(/\btheir\b/g, 'your');
  return `${predicate.charAt(0).toUpperCase()}${predicate.slice(1)}.`;
}

/**
 * The account's own recent changes (docs/api.md "Audit log", `getAccountAuditLog`): its name, address,
 * password and sessions, when and from which network, so that a change the user did not make stands out.
 */
export function AccountActivity() {
  const [events, setEvents] = useState<AuditEvent[] | undefined>();
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();

  const load = async (after: string | null, signal?: AbortSignal) => {
    try {
      const page = await fetchActivity(after, signal);
      setEvents((current) => (after ? [...(current ?? []), ...page.data] : page.data));
      setCursor(page.meta.cursor);
      setError(undefined);
    } catch (failure) {
      if (!signal?.aborted) setError(messageOf(failure, 'Your account activity could not be loaded.'));
    }
  };

  useEffect(() => {
    const controller = new AbortController();
    fetchActivity(null, controller.signal)
      .then((page) => {
        setEvents(page.data);
        setCursor(page.meta.cursor);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted)
          setError(messageOf(failure, 'Your account activity could not be loaded.'));
      });
    return () => controller.abort();
  }, []);

  return (
    <section className="panel settings-section" aria-labelledby="activity-title" id="account-activity">
      <h2 id="activity-title">Recent account activity</h2>
      <p className="muted small">
        Changes to your name, address, password and sessions over the last year. If one was not you, change
        your password and revoke your other sessions.
      </p>
      {events === undefined && !error ? (
        <p className="muted" role="status">
          Loading your activity…
        </p>
      ) : null}
      {events?.length === 0 ? <p className="muted">No change to your account yet.</p> : null}
      {events && events.length > 0 ? (
        <ul className="member-list" aria-label="Account activity">
          {events.map((event) => (
            <li key={event.id} className="member-item">
              <div className="member-info">
                <p className="member-name">{sentence(event)}</p>
                <p className="muted small member-meta">
                  <time dateTime={event.created_at}>{formatWhen(event.created_at)}</time>
                  {event.ip ? ` · from ${event.ip}` : ''}
                </p>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {cursor ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void load(cursor)}>
            Show older activity
          </button>
        </div>
      ) : null}
    </section>
  );
}
