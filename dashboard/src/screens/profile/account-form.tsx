import { limits } from '@footfall/contract/constants';
import { useSelector } from '@tanstack/react-store';
import { auth, authStore } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { email, max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { Notice } from '../session/session-layout';

const schema = {
  name: [required(), max(limits.nameMax)],
  email: [required(), email(), max(limits.emailMax)],
};

/** The user's name and e-mail; a new address must be verified again (docs/api.md "Accounts"). */
export function AccountForm() {
  const user = useSelector(authStore, (state) => state.user);
  const form = useForm(schema, { name: user?.name ?? '', email: user?.email ?? '' });
  if (!user) return null;

  const submit = form.handleSubmit(async (values) => {
    const name = String(values.name);
    const address = String(values.email);
    const answer = await auth.updateUser({
      ...(name !== user.name ? { name } : {}),
      ...(address.toLowerCase() !== user.email ? { email: address } : {}),
    });
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
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={form.submitting}>
            {form.submitting ? 'Saving…' : 'Save account'}
          </button>
        </div>
      </form>
    </section>
  );
}
