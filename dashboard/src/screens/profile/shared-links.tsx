import type { SharedLink } from '@footfall/contract';
import { limits, MAX_SHARED_LINKS } from '@footfall/contract/constants';
import { formatWhen } from '@footfall/contract/format';
import { useState } from 'react';
import { createSharedLink, revokeSharedLink } from '../../api/shared-links';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { CopyButton } from '../../components/copy-button';
import { FormError, TextField } from '../../components/form-field';
import { max, min, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { embedSnippet } from '../../lib/format/embed-snippet';
import { showAlert } from '../../state/alerts';

interface SharedLinksProps {
  companyId: number;
  links: SharedLink[];
}

/** Today in the reader's zone, `YYYY-MM-DD`: the earliest expiry the form offers. */
function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** An expiry date means the end of that day where the reader is. */
function endOfLocalDay(date: string): string {
  return new Date(`${date}T23:59:59.999`).toISOString();
}

/**
 * Shared links, an owner's and admins' business (docs/api.md "Shared links"): read-only views of the
 * dashboard for people without an account, each named, optionally behind a password and until a day;
 * listed with their address to copy and an embed snippet, revoked after a confirmation.
 */
export function SharedLinks({ companyId, links: initialLinks }: SharedLinksProps) {
  // Newest first: the link just made is the one to copy.
  const [links, setLinks] = useState(() => [...initialLinks].reverse());
  const [revokeError, setRevokeError] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);

  const revoke = async (link: SharedLink) => {
    const choice = await showAlert({
      title: 'Revoke this link?',
      text: `Anyone opening “${link.name}” will be refused at once, embedded copies included. This cannot be undone.`,
    });
    if (choice !== 'ok') return;
    setRevokeError(undefined);
    try {
      await revokeSharedLink(http, companyId, link.id);
      setLinks((current) => current.filter((candidate) => candidate.id !== link.id));
    } catch (error) {
      setRevokeError(error instanceof Error ? error.message : 'The link could not be revoked.');
    }
  };

  return (
    <section className="panel settings-section" id="shared-links" aria-labelledby="shared-links-title">
      <h2 id="shared-links-title">Shared links</h2>
      <p className="muted">
        Anyone with a link sees this site's dashboard and detail, read-only and without an account: no
        settings, no keys, no raw events.
      </p>
      {revokeError ? (
        <p className="form-error" role="alert">
          {revokeError}
        </p>
      ) : null}
      <LinkList links={links} onRevoke={revoke} />
      {links.length < MAX_SHARED_LINKS ? (
        <CreateLink
          key={generation}
          companyId={companyId}
          onCreated={(link) => {
            setLinks((current) => [link, ...current]);
            setGeneration((count) => count + 1);
          }}
        />
      ) : (
        <p className="muted small">
          A site holds at most {MAX_SHARED_LINKS} shared links: revoke one to create another.
        </p>
      )}
    </section>
  );
}

function LinkList({ links, onRevoke }: { links: SharedLink[]; onRevoke: (link: SharedLink) => void }) {
  if (links.length === 0) return <p className="muted">No shared links yet.</p>;
  const now = Date.now();
  return (
    <ul className="key-list share-list" aria-label="Shared links">
      {links.map((link) => {
        const isExpired = link.expires_at !== null && Date.parse(link.expires_at) <= now;
        return (
          <li key={link.id} className="key-item share-item" data-testid="shared-link">
            <div className="key-info">
              <p className="key-name">
                <strong>{link.name}</strong>
                {isExpired ? <span className="badge share-expired">Expired</span> : null}
              </p>
              <div className="secret-row">
                <code className="secret share-url">
                  <Breakable text={link.url} />
                </code>
                <CopyButton text={link.url} label="Copy link" />
              </div>
              <p className="muted small key-dates">
                <span>{link.has_password ? 'Password protected' : 'No password'}</span>
                {'\u00a0· '}
                <span>
                  {link.expires_at
                    ? `${isExpired ? 'Expired' : 'Expires'} ${formatWhen(link.expires_at)}`
                    : 'Never expires'}
                </span>
                {'\u00a0· '}
                <span>Created {formatWhen(link.created_at, { dayOnly: true })}</span>
              </p>
              <details className="share-embed-code">
                <summary className="small">Embed in a page</summary>
                <p className="muted small">
                  The dashboard without its header, for an iframe on your own site or intranet.
                </p>
                <div className="secret-row">
                  <code className="secret">{embedSnippet(link)}</code>
                  <CopyButton text={embedSnippet(link)} label="Copy snippet" />
                </div>
              </details>
            </div>
            <button
              type="button"
              className="button button-small button-danger"
              onClick={() => onRevoke(link)}
            >
              Revoke <span className="visually-hidden">{link.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function CreateLink({ companyId, onCreated }: { companyId: number; onCreated: (link: SharedLink) => void }) {
  const form = useForm(
    {
      name: [required(), max(limits.nameMax)],
      password: [min(limits.passwordMin), max(limits.passwordMax)],
      expires_at: [],
    },
    { name: '', password: '', expires_at: '' },
    { labels: { name: 'link name', expires_at: 'expiry date' } },
  );
  const submit = form.handleSubmit(async (values) => {
    const password = String(values.password);
    const expiry = String(values.expires_at);
    const { data } = await createSharedLink(http, companyId, {
      name: String(values.name).trim(),
      ...(password !== '' && { password }),
      ...(expiry !== '' && { expires_at: endOfLocalDay(expiry) }),
    });
    onCreated(data);
  });
  return (
    <form className="form inline-form share-form" noValidate onSubmit={submit} aria-label="New shared link">
      <FormError message={form.formError} />
      <TextField label="Link name" placeholder="Board meeting" {...form.bind('name')} />
      <TextField
        label="Password (optional)"
        type="password"
        autoComplete="new-password"
        hint={`At least ${limits.passwordMin} characters; viewers are asked for it.`}
        {...form.bind('password')}
      />
      <TextField
        label="Expires after (optional)"
        type="date"
        min={localToday()}
        hint="The link stops working at the end of that day."
        {...form.bind('expires_at')}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Creating…' : 'Create link'}
        </button>
      </div>
    </form>
  );
}
