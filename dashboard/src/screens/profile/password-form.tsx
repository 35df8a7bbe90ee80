import { limits } from '@footfall/contract/constants';
import { useSelector } from '@tanstack/react-store';
import { useState } from 'react';
import { auth, authStore } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { confirmed, max, min, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { Notice } from '../session/session-layout';

const schema = {
  current_password: [required()],
  password: [required(), min(limits.passwordMin), max(limits.passwordMax)],
  password_confirmation: [required(), confirmed('password')],
};
const labels = { current_password: 'current password', password_confirmation: 'password confirmation' };
const empty = { current_password: '', password: '', password_confirmation: '' };

/** The password change, its progress kept in the seed's `changePasswordStatus`. */
export function PasswordForm() {
  const status = useSelector(authStore, (state) => state.changePasswordStatus);
  const [message, setMessage] = useState<string | undefined>();
  const [generation, setGeneration] = useState(0);
  return (
    <section className="panel settings-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {status === 'changed' && message ? <Notice tone="success">{message}</Notice> : null}
      {/* A new key empties the fields after a change. */}
      <PasswordFields
        key={generation}
        saving={status === 'saving'}
        onChanged={(text) => {
          setMessage(text);
          setGeneration((count) => count + 1);
        }}
      />
    </section>
  );
}

function PasswordFields({ saving, onChanged }: { saving: boolean; onChanged: (message: string) => void }) {
  const form = useForm(schema, empty, { labels });
  const field = (name: keyof typeof schema) => ({
    name,
    type: 'password',
    value: String(form.values[name]),
    onValue: (v: string) => form.setValue(name, v),
    error: form.errorOf(name),
  });
  const submit = form.handleSubmit(async (values) => {
    onChanged(
      await auth.changePassword({
        current_password: String(values.current_password),
        password: String(values.password),
        password_confirmation: String(values.password_confirmation),
      }),
    );
  });
  return (
    <form className="form" noValidate onSubmit={submit}>
      <FormError message={form.formError} />
      <TextField label="Current password" autoComplete="current-password" {...field('current_password')} />
      <TextField
        label="New password"
        autoComplete="new-password"
        hint={`At least ${limits.passwordMin} characters. Your other sessions will be signed out.`}
        {...field('password')}
      />
      <TextField
        label="Confirm new password"
        autoComplete="new-password"
        {...field('password_confirmation')}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={saving}>
          {saving ? 'Changing…' : 'Change password'}
        </button>
      </div>
    </form>
  );
}
