import type { ApiKey, ApiKeyCreated } from '@footfall/contract';
import { API_KEY_NAME_MAX, MAX_ACTIVE_API_KEYS } from '@footfall/contract/constants';
import { formatWhen } from '@footfall/contract/format';
import { useState } from 'react';
import { API_REFERENCE_HREF, createApiKey, revokeApiKey } from '../../api/api-keys';
import { http } from '../../app/services';
import { CopyButton } from '../../components/copy-button';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { showAlert } from '../../state/alerts';

interface ApiKeysProps {
  companyId: number;
  keys: ApiKey[];
}

/** The stats-API keys, an owner's and admins' business: create (the secret is shown once, to copy), list, revoke. */
export function ApiKeys({ companyId, keys: initialKeys }: ApiKeysProps) {
  const [keys, setKeys] = useState(initialKeys);
  const [created, setCreated] = useState<ApiKeyCreated | undefined>();
  const [revokeError, setRevokeError] = useState<string | undefined>();
  // A new key empties the creation form by remounting it: its rules then show nothing until typed into.
  const [generation, setGeneration] = useState(0);

  const revoke = async (key: ApiKey) => {
    const choice = await showAlert({
      title: 'Revoke this key?',
      text: `Programs using “${key.name}” will be refused at once. This cannot be undone.`,
    });
    if (choice !== 'ok') return;
    setRevokeError(undefined);
    try {
      await revokeApiKey(http, companyId, key.id);
      setKeys((current) => current.filter((candidate) => candidate.id !== key.id));
      if (created?.id === key.id) setCreated(undefined);
    } catch (error) {
      setRevokeError(error instanceof Error ? error.message : 'The key could not be revoked.');
    }
  };

  return (
    <section className="panel settings-section" aria-labelledby="keys-title">
      <h2 id="keys-title">Stats API keys</h2>
      <p className="muted">
        Programs read this company's analytics from <code>GET /api/v1/stats/{companyId}</code> with{' '}
        <code>Authorization: Bearer ffk_…</code>. See the <a href={API_REFERENCE_HREF}>API reference</a>.
      </p>
      {created ? (
        <Notice tone="success">
          <p>
            <strong>Copy the secret of “{created.name}” now:</strong> it is shown only this once.
          </p>
          <div className="secret-row">
            <code className="secret" data-testid="api-key-secret">
              {created.secret}
            </code>
            <CopyButton text={created.secret} />
          </div>
        </Notice>
      ) : null}
      {revokeError ? (
        <p className="form-error" role="alert">
          {revokeError}
        </p>
      ) : null}
      <KeyList keys={keys} onRevoke={revoke} />
      {keys.length < MAX_ACTIVE_API_KEYS ? (
        <CreateKey
          key={generation}
          companyId={companyId}
          onCreated={(key) => {
            setCreated(key);
            setKeys((current) => [key, ...current]);
            setGeneration((count) => count + 1);
          }}
        />
      ) : (
        <p className="muted small">
          A company holds at most {MAX_ACTIVE_API_KEYS} keys: revoke one to create another.
        </p>
      )}
    </section>
  );
}

function KeyList({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  if (keys.length === 0) return <p className="muted">No keys yet.</p>;
  // A list rather than a table: a key's name, prefix and dates fit a phone's width this way.
  return (
    <ul className="key-list" aria-label="Active API keys">
      {keys.map((key) => (
        <li key={key.id} className="key-item">
          <div className="key-info">
            <p className="key-name">
              <strong>{key.name}</strong> <code className="key-prefix">{key.prefix}…</code>
            </p>
            <p className="muted small key-dates">
              {/* The dot stays with the date before it when the line wraps. */}
              <span>Created {formatWhen(key.created_at)}</span>
              {'\u00a0· '}
              <span>Last used {key.last_used_at ? formatWhen(key.last_used_at) : 'never'}</span>
            </p>
          </div>
          <button type="button" className="button button-small button-danger" onClick={() => onRevoke(key)}>
            Revoke <span className="visually-hidden">{key.name}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}

function CreateKey({ companyId, onCreated }: { companyId: number; onCreated: (key: ApiKeyCreated) => void }) {
  const form = useForm(
    { name: [required(), max(API_KEY_NAME_MAX)] },
    { name: '' },
    { labels: { name: 'key name' } },
  );
  const submit = form.handleSubmit(async (values) => {
    const { data } = await createApiKey(http, companyId, { name: String(values.name).trim() });
    onCreated(data);
  });
  return (
    <form className="form inline-form" noValidate onSubmit={submit}>
      <FormError message={form.formError} />
      <TextField
        name="name"
        label="New key's name"
        placeholder="Reporting script"
        value={String(form.values.name)}
        onValue={(v) => form.setValue('name', v)}
        error={form.errorOf('name')}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Creating…' : 'Create key'}
        </button>
      </div>
    </form>
  );
}
