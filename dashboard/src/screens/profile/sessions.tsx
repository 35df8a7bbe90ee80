import type { AccountSession } from '@footfall/contract';
import { formatWhen } from '@footfall/contract/format';
import { Fragment, useEffect, useState } from 'react';
import {
  listAccountSessions,
  revokeAccountSession,
  revokeOtherAccountSessions,
} from '../../api/account-sessions';
import { http } from '../../app/services';
import { type Outcome, OutcomeNotice } from '../../components/outcome-notice';
import { showAlert } from '../../state/alerts';
import { sessionPlaces } from './session-place';
import { messageOf } from './team-text';

async function fetchSessions(signal?: AbortSignal): Promise<AccountSession[]> {
  return (await listAccountSessions(http, { background: true, signal })).data;
}

/** "Chrome on Windows", "Mobile Safari on iOS"; a program that named no browser (a script, an API client) reads as such. */
export function sessionName(session: Pick<AccountSession, 'browser' | 'os'>): string {
  if (session.browser && session.os) return `${session.browser} on ${session.os}`;
  return session.browser ?? session.os ?? 'Unknown browser or program';
}

/**
 * Where the account is signed in (docs/api.md "Sessions"): each live session's browser, the country and
 * network it was last used from and its last use, and where it signed in when that was elsewhere (a stranger
 * shows as a place the owner does not know), this one marked; revoking any other, or all of them at once (a lost phone, a shared computer), which signs
 * that browser out at its next request.
 */
export function Sessions() {
  const [sessions, setSessions] = useState<AccountSession[] | undefined>();
  const [outcome, setOutcome] = useState<Outcome | undefined>();

  const load = async (signal?: AbortSignal) => setSessions(await fetchSessions(signal));
  useEffect(() => {
    const controller = new AbortController();
    fetchSessions(controller.signal)
      .then(setSessions)
      .catch(() => undefined);
    return () => controller.abort();
  }, []);

  const revoke = async (session: AccountSession | 'others') => {
    const one = session !== 'others';
    const choice = await showAlert({
      title: one ? 'Revoke this session?' : 'Revoke every other session?',
      text: one
        ? `${sessionName(session)} is signed out at its next request.`
        : 'Every browser signed in to your account but this one is signed out at its next request.',
    });
    if (choice !== 'ok') return;
    setOutcome(undefined);
    try {
      await (one ? revokeAccountSession(http, session.id) : revokeOtherAccountSessions(http));
      await load();
      setOutcome({
        tone: 'success',
        text: one ? 'The session was revoked.' : 'Every other session was revoked.',
      });
    } catch (error) {
      setOutcome({ tone: 'error', text: messageOf(error, 'The session could not be revoked.') });
    }
  };

  const others = sessions?.filter((session) => !session.current) ?? [];
  return (
    <section className="panel settings-section" aria-labelledby="sessions-title" id="sessions">
      <h2 id="sessions-title">Where you're signed in</h2>
      {sessions === undefined ? (
        <p className="muted" role="status">
          Loading your sessions…
        </p>
      ) : (
        <ul className="member-list" aria-label="Sessions">
          {sessions.map((session) => (
            <li key={session.id} className="member-item">
              <div className="member-info">
                <p className="member-name">
                  <strong>{sessionName(session)}</strong>{' '}
                  {session.current ? <span className="badge badge-good">This browser</span> : null}
                </p>
                <SessionWhereabouts session={session} />
              </div>
              {session.current ? null : (
                <div className="member-actions">
                  <button
                    type="button"
                    className="button button-small button-danger"
                    aria-label={`Revoke the session of ${sessionName(session)}, last active ${formatWhen(session.last_used_at)}`}
                    onClick={() => void revoke(session)}
                  >
                    Revoke
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <OutcomeNotice outcome={outcome} />
      {others.length > 1 ? (
        <div className="form-actions">
          <button type="button" className="button" onClick={() => void revoke('others')}>
            Revoke every other session
          </button>
        </div>
      ) : null}
    </section>
  );
}

/**
 * Where and when a session was used: its last use's place and time, then its sign-in's — on the same line
 * when it signed in there too, on a line of its own when it signed in elsewhere.
 */
function SessionWhereabouts({ session }: { session: AccountSession }) {
  const { lastUsed, signedInElsewhere } = sessionPlaces(session);
  const used = session.current ? 'Active now' : `Last active ${formatWhen(session.last_used_at)}`;
  const signedIn = `signed in ${formatWhen(session.created_at)}`;
  if (signedInElsewhere === null) return <MetaLine parts={[lastUsed, used, signedIn]} />;
  return (
    <>
      <MetaLine parts={[lastUsed, used]} />
      <MetaLine
        parts={[`Signed in ${formatWhen(session.created_at)}`, `from ${signedInElsewhere}`]}
        sentence
      />
    </>
  );
}

/**
 * Parts of one line, each wrapping as a whole onto the next line when the line is full (a phone's) rather
 * than breaking inside a date or a place; separated by "·", which stays at the end of the line it closes,
 * unless they are one `sentence`.
 */
function MetaLine({ parts, sentence = false }: { parts: (string | null)[]; sentence?: boolean }) {
  const shown = parts.filter((part) => part !== null);
  const separator = sentence ? '' : ' ·';
  return (
    <p className="muted small member-meta">
      {shown.map((part, index) => (
        // The space between parts is for the text (its accessible name, a copy): flex layout drops it.
        <Fragment key={part}>
          {index > 0 ? ' ' : null}
          <span>{index < shown.length - 1 ? `${part}${separator}` : part}</span>
        </Fragment>
      ))}
    </p>
  );
}
