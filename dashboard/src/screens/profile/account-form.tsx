import { limits } from '@footfall/contract/constants';
import { useSelector } from '@tanstack/react-store';
import { auth, authStore } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { email, max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';

const schema = {
  name: [required(), max(limits.nameMax)],
  email: [required(), email(), max(limits.emailMax)],
  // Asked only when the address changes; the server names a missing or wrong one.
  current_password: [],
};

/**
 * The user's name and e-mail; a new address must be verified again and takes the account's password, so
 * that a session left open somewhere cannot move the account to someone else (docs/api.md "Accounts").
 */
export function AccountForm() {
  const user = useSelector(authStore, (state) => state.user);
  const form = useForm(schema, { name: user?.name ?? '', email: user?.email ?? '', current_password: '' });
  if (!user) return null;
  const addressChanged = String(form.values.email).trim().toLowerCase() !== user.email;

  const submit = form.handleSubmit(async (values) => {
    const name = String(values.name);
    const address = String(values.email).trim();
    const moving = address.toLowerCase() !== user.email;
    const answer = await auth.updateUser({
      ...(name !== user.name ? { name } : {}),
      ...(moving ? { email: address, current_password: String(values.current_password) } : {}),
    });
    form.setValue('current_password', '');
    return answer.message;
  });

  return (
    <section className="panel settings-section" aria-labelledby="account-title">
      <h2 id="account-title">Your account</h2>
      <form className="form" noValidate onSubmit={submit}>
        <FormError message={form.formError} />
        {form.success ? <Notice tone="success">{form.success}</Notice> : null}
        <TextField
          name="name"
          label="Name"
          autoComplete="name"
          value={String(form.values.name)}
          onValue={(v) => form.setValue('name', v)}
          error={form.errorOf('name')}
        />
        <TextField
          name="email"
          label="Email"
          type="email"
          autoComplete="email"
          value={String(form.values.email)}
          onValue={(v) => form.setValue('email', v)}
          error={form.errorOf('email')}
          hint={
            user.email_verified_at
              ? 'Verified. Changing it sends a link to the new address.'
              : 'Not verified yet: check your inbox for the link.'
          }
        />
        {addressChanged ? (
          user.has_password ? (
            <TextField
              label="Your password"
              type="password"
              autoComplete="current-password"
              hint="To change the address, confirm it is you. The old address is told of the change."
              {...form.bind('current_password')}
            />
          ) : (
            <p className="field-hint">
              Your account signs in through single sign-on and has no password. To change the address, choose
              a password first with “Forgot your password?” on the sign-in page.
            </p>
          )
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving…' : 'Save account'}
          </button>
        </div>
      </form>
    </section>
  );
}
