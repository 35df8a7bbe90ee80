import type { Company } from '@footfall/contract';
import { useNavigate } from '@tanstack/react-router';
import { deleteCompany } from '../../api/companies';
import { auth, http } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { useForm } from '../../forms/use-form';
import { isSiteNameConfirmed, pageAfterLosingSite } from './team-rules';

/** The typed name is compared as it is, not checked by a rule: the button stays off until it matches. */
const schema = { name: [] };

/**
 * The owner's danger zone: the site and all of its data go at once (docs/api.md "Sites and teams"). Typing the site's
 * name is the confirmation, so a slip of the mouse cannot delete it.
 */
export function DeleteSite({ company }: { company: Company }) {
  const navigate = useNavigate();
  const form = useForm(schema, { name: '' });
  const confirmed = isSiteNameConfirmed(String(form.values.name), company.name);
  const submit = form.handleSubmit(async () => {
    await deleteCompany(http, company.id);
    const user = await auth.refreshCompanies();
    await navigate({ href: pageAfterLosingSite(user.companies), replace: true });
  });
  return (
    <section className="panel settings-section danger-zone" aria-labelledby="delete-site-title">
      <h2 id="delete-site-title">Delete this site</h2>
      <p>
        Deleting <strong>{company.name}</strong> removes its events, reports, API keys and team for good, and
        its tracking snippet stops counting at once. This cannot be undone.
      </p>
      <form className="form" noValidate onSubmit={submit}>
        <FormError message={form.formError} />
        <TextField
          label="Type the site's name to confirm"
          autoComplete="off"
          spellCheck={false}
          {...form.bind('name')}
        />
        <div className="form-actions">
          <button type="submit" className="button button-danger" disabled={!confirmed || form.submitting}>
            {form.submitting ? 'Deleting…' : 'Delete this site'}
          </button>
        </div>
      </form>
    </section>
  );
}
