import { useRouter } from '@tanstack/react-router';
import { sharedLinks } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { SessionLayout } from '../session/session-layout';

const schema = { password: [required()] };

/**
 * A password-protected link's first page. A right password keeps an access token in this tab's
 * sessionStorage, and the dashboard loads; a wrong one is said beside the field, too many tries as the form's
 * error with the wait.
 */
export function SharePasswordForm({ token, siteName }: { token: string; siteName: string }) {
  const router = useRouter();
  const form = useForm(schema, { password: '' });
  const submit = form.handleSubmit(async (values) => {
    await sharedLinks.unlock(token, String(values.password));
    // The pages' loaders ran without the token: they read the detail again with it.
    await router.invalidate();
  });

  return (
    <SessionLayout
      title={`${siteName}'s dashboard`}
      lead={<p className="muted">This shared dashboard is protected. Enter the password you were given.</p>}
    >
      <form className="form" noValidate onSubmit={submit}>
        <FormError message={form.formError} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          {...form.bind('password')}
        />
        <button type="submit" className="button button-primary button-block" disabled={form.submitting}>
          {form.submitting ? 'Opening…' : 'Open the dashboard'}
        </button>
      </form>
    </SessionLayout>
  );
}
