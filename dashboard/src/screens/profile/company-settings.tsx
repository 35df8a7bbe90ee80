import type { Company, CompanyUpdateBody } from '@footfall/contract';
import { HOSTNAME_PATTERN, limits } from '@footfall/contract/constants';
import { updateCompany } from '../../api/companies';
import { analytics, auth, http } from '../../app/services';
import { CheckboxField, FormError, SelectField, TextAreaField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { eachLine, splitList } from '../../forms/each-line';
import { max, regex, required, siteWebsite, url, website } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { timeZones } from '../../lib/format/time-zones';

const schema = {
  name: [required(), max(limits.nameMax)],
  website: [website(), max(limits.websiteMax)],
  domains: [eachLine(regex(new RegExp(HOSTNAME_PATTERN)))],
  timezone: [required()],
  public_stats: [],
  listed: [],
  description: [max(2000)],
  logo_url: [url()],
};
const labels = { domains: 'allowed domains', logo_url: 'logo URL', public_stats: 'public stats' };

function initialValues(company: Company) {
  return {
    name: company.name,
    website: company.website ?? '',
    domains: company.domains.join('\n'),
    timezone: company.timezone,
    public_stats: company.public_stats,
    listed: company.listed,
    description: company.description ?? '',
    logo_url: company.logo_url ?? '',
  };
}

/** The company's settings (docs/api.md "Companies"), shown to its owner and admins, who may change them. */
export function CompanySettings({
  company,
  onSaved,
}: {
  company: Company;
  onSaved: (company: Company) => void;
}) {
  const form = useForm(schema, initialValues(company), { labels });
  const text = (field: keyof typeof schema) => String(form.values[field]);
  const onText = (field: keyof typeof schema) => (value: string) => form.setValue(field, value);

  const submit = form.handleSubmit(async (values) => {
    const body: CompanyUpdateBody = {
      name: String(values.name).trim(),
      domains: splitList(String(values.domains)),
      timezone: String(values.timezone),
      public_stats: values.public_stats === true,
      listed: values.listed === true,
      // Sent empty, the website, description and logo are cleared.
      website: siteWebsite(String(values.website)) ?? '',
      description: String(values.description).trim(),
      logo_url: String(values.logo_url).trim(),
    };
    const { data } = await updateCompany(http, company.id, body);
    onSaved(data);
    analytics.noteCompanyZone(data.id, data.timezone);
    // The header and the company switcher show the name from the user object.
    void auth.fetchUser().catch(() => undefined);
    return 'Settings saved.';
  });

  return (
    <section className="panel settings-section" aria-labelledby="company-title">
      <h2 id="company-title">Company settings</h2>
      <form className="form" noValidate onSubmit={submit}>
        <fieldset className="plain-fieldset">
          <FormError message={form.formError} />
          {form.success ? <Notice tone="success">{form.success}</Notice> : null}
          <TextField
            name="name"
            label="Name"
            value={text('name')}
            onValue={onText('name')}
            error={form.errorOf('name')}
          />
          <TextField
            name="website"
            label="Website"
            inputMode="url"
            placeholder="example.com"
            value={text('website')}
            onValue={onText('website')}
            error={form.errorOf('website')}
          />
          <TextAreaField
            name="domains"
            label="Allowed domains"
            rows={3}
            placeholder={'example.com\nshop.example.com'}
            value={text('domains')}
            onValue={onText('domains')}
            error={form.errorOf('domains')}
            hint="One hostname per line. Events from other hosts are refused; a domain admits its subdomains. Leave empty to accept any."
          />
          <SelectField
            name="timezone"
            label="Time zone"
            value={text('timezone')}
            options={timeZones(company.timezone)}
            onValue={onText('timezone')}
            hint="Days, hours and the daily visitor salt follow this zone."
          />
          <CheckboxField
            name="public_stats"
            label="Public stats"
            checked={form.values.public_stats === true}
            onChecked={(checked) => form.setValue('public_stats', checked)}
            hint="Lets the embeddable widget and the directory show your visitors of the last 30 days."
          />
          <CheckboxField
            name="listed"
            label="List in the public directory"
            checked={form.values.listed === true}
            onChecked={(checked) => form.setValue('listed', checked)}
          />
          <TextAreaField
            name="description"
            label="Directory description"
            rows={3}
            value={text('description')}
            onValue={onText('description')}
            error={form.errorOf('description')}
          />
          <TextField
            name="logo_url"
            label="Logo URL"
            type="url"
            placeholder="https://example.com/logo.png"
            value={text('logo_url')}
            onValue={onText('logo_url')}
            error={form.errorOf('logo_url')}
          />
          <div className="form-actions">
            <button type="submit" className="button button-primary" disabled={form.submitting}>
              {form.submitting ? 'Saving…' : 'Save settings'}
            </button>
          </div>
        </fieldset>
      </form>
    </section>
  );
}
