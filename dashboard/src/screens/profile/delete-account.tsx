import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { auth, authStore } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { useForm } from '../../forms/use-form';
import { isEmailConfirmed, ownedSites } from './team-rules';

/**
 * The typed address is compared, not checked by a rule: the button stays off until it matches. The
 * password, for an account that has one, is checked by the server.
 */
const schema = { email: [], current_password: [] };

/**
 * Deleting the account (docs/api.md "Sites and teams"): the sites it owns go with it, its other memberships end. The
 * account's address, typed, is the confirmation.
 */
export function DeleteAccount() {
  const user = useSelector(authStore, (state) => state.user);
  const navigate = useNavigate();
  const form = useForm(schema, { email: '', current_password: '' });
  if (!user) return null;
  const owned = ownedSites(user.companies);
  const confirmed =
    isEmailConfirmed(String(form.values.email), user.email) &&
    (!user.has_password || String(form.values.current_password) !== '');
  const submit = form.handleSubmit(async (values) => {
    await auth.deleteAccount({
      email: String(values.email).trim(),
      ...(user.has_password && { current_password: String(values.current_password) }),
    });
    await navigate({ to: '/home', replace: true });
  });
  return (
    <section className="panel settings-section danger-zone" aria-labelledby="delete-account-title">
      <h2 id="delete-account-title">Delete your account</h2>
      {owned.length > 0 ? (
        <>
          <p>These sites you own are deleted with it, with all of their data:</p>
          <ul className="owned-sites" aria-label="Sites deleted with your account">
            {owned.map((company) => (
              <li key={company.id}>{company.name}</li>
            ))}
          </ul>
        </>
      ) : (
        <p>You own no site, so no site is deleted with it.</p>
      )}
      <p className="muted">
        You leave every other site you belong to. To keep a site, hand it over to a member first.
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <FormError message={form.formError} />
        <TextField
          label="Type your email address to confirm"
          type="email"
          autoComplete="off"
          {...form.bind('email')}
        />
        {user.has_password ? (
          <TextField
            label="Your password"
            type="password"
            autoComplete="current-password"
            {...form.bind('current_password')}
          />
        ) : null}
        <div className="form-actions">
          <button type="submit" className="button button-danger" disabled={!confirmed || form.submitting}>
            {form.submitting ? 'Deleting…' : 'Delete your account'}
          </button>
        </div>
      </form>
    </section>
  );
}
