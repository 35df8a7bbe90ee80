import type { CompanyCreateBody } from '@footfall/contract';
import { limits } from '@footfall/contract/constants';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { createCompany } from '../../api/companies';
import { auth, http } from '../../app/services';
import { FormError, SelectField, TextField } from '../../components/form-field';
import { max, required, type SyncRule } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { siteDomain } from '../../lib/format/site-domain';
import { browserTimeZone, timeZones } from '../../lib/format/time-zones';

/** The domain must name a host: `example.com`, or a URL whose host is read. */
const hostname: SyncRule = {
  name: 'regex',
  async: false,
  check: (value) =>
    typeof value === 'string' && value.trim() !== '' && siteDomain(value) === undefined
      ? 'Enter the domain of your site, such as example.com.'
      : null,
};

const schema = {
  name: [required(), max(limits.nameMax)],
  domain: [required(), hostname],
  timezone: [required()],
};

/**
 * `/sites/new`, "Add a site": a name, the site's domain and its time zone (the browser's, to start with);
 * then the snippet and the wait for the first pageview (`/sites/{id}/setup`).
 */
export default function AddSite() {
  const navigate = useNavigate();
  const zone = browserTimeZone() ?? 'UTC';
  const form = useForm(schema, { name: '', domain: '', timezone: zone });

  useEffect(() => {
    document.title = 'Add a site · Footfall';
  }, []);

  const submit = form.handleSubmit(async (values) => {
    const domain = siteDomain(String(values.domain)) ?? '';
    const body: CompanyCreateBody = {
      name: String(values.name).trim(),
      website: `https://${domain}`,
      timezone: String(values.timezone),
    };
    const { data } = await createCompany(http, body);
    // The switcher and the header read the user's companies.
    await auth.refreshCompanies().catch(() => undefined);
    await navigate({ to: '/sites/$company_id/setup', params: { company_id: data.id } });
  });

  return (
    <div className="container narrow add-site">
      <nav className="breadcrumbs" aria-label="Breadcrumb">
        <ol>
          <li>
            <Link to="/sites">Your sites</Link>
          </li>
          <li aria-current="page">Add a site</li>
        </ol>
      </nav>
      <h1>Add a site</h1>
      <ol className="steps" aria-label="Steps">
        <li aria-current="step">Your site</li>
        <li>The snippet</li>
        <li>The first pageview</li>
      </ol>
      <section className="panel">
        <form className="form" noValidate onSubmit={submit}>
          <FormError message={form.formError} />
          <TextField label="Name" {...form.bind('name')} hint="How the site is named in Footfall." />
          <TextField
            label="Domain"
            {...form.bind('domain')}
            error={form.errorOf('domain') ?? form.serverErrorOf('website')}
            placeholder="example.com"
            autoComplete="off"
            spellCheck={false}
            hint="Where the site lives, without https://. Its subdomains count with it."
          />
          <SelectField
            name="timezone"
            label="Time zone"
            value={String(form.values.timezone)}
            options={timeZones(zone)}
            onValue={(value) => form.setValue('timezone', value)}
            hint="Days and hours of the reports follow this zone. Your browser's is chosen."
          />
          <div className="actions">
            <button type="submit" className="button button-primary" disabled={form.submitting}>
              {form.submitting ? 'Adding…' : 'Add the site'}
            </button>
            <Link to="/sites" className="button">
              Cancel
            </Link>
          </div>
        </form>
      </section>
    </div>
  );
}
