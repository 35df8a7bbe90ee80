import { limits } from '@footfall/contract/constants';
import { useSelector } from '@tanstack/react-store';
import { auth, authStore } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { confirmed, max, min, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';

const schema = {
  current_password: [required()],
  password: [required(), min(limits.passwordMin), max(limits.passwordMax)],
  password_confirmation: [required(), confirmed('password')],
};
const labels = { current_password: 'current password', password_confirmation: 'password confirmation' };
const empty = { current_password: '', password: '', password_confirmation: '' };

/** The password change, its progress kept in `changePasswordStatus`. */
export function PasswordForm() {
  const saving = useSelector(authStore, (state) => state.changePasswordStatus === 'saving');
  const form = useForm(schema, empty, { labels });
  const field = (name: keyof typeof schema) => ({
    name,
    type: 'password',
    value: String(form.values[name]),
    onValue: (v: string) => form.setValue(name, v),
    error: form.errorOf(name),
  });
  const submit = form.handleSubmit(async (values) => {
    const message = await auth.changePassword({
      current_password: String(values.current_password),
      password: String(values.password),
      password_confirmation: String(values.password_confirmation),
    });
    // Passwords do not stay on screen once changed.
    form.reset();
    return message;
  });
  return (
    <section className="panel settings-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      {form.success ? <Notice tone="success">{form.success}</Notice> : null}
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
    </section>
  );
}
