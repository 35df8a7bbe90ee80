import type { AdminCompany, AdminListingCreateBody } from '@footfall/contract';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { createListing } from '../../api/admin-directory';
import { http } from '../../app/services';
import { CheckboxField, FormError, TextAreaField, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { required, siteWebsite, url, website } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { AdminShell } from './admin-shell';
import { CompanyPicker } from './company-picker';

const schema = {
  name: [required()],
  website: [required(), website()],
  description: [],
  logo_url: [url()],
  category: [],
};
const labels = { logo_url: 'logo URL' };
const EMPTY = { name: '', website: '', description: '', logo_url: '', category: '' };

/** `/admin/add-list` ("Add Listing"): a company in the public directory, new or one that already exists. */
export default function AddListing() {
  const [added, setAdded] = useState<AdminCompany | undefined>();
  // The form starts again (a remount) when a listing is added, empty, and when a company is chosen, with
  // the fields still empty filled from that company.
  const [start, setStart] = useState<{ key: number; values: ListingValues; company: AdminCompany | null }>({
    key: 0,
    values: EMPTY,
    company: null,
  });
  return (
    <AdminShell
      section="add-list"
      title="Add a listing"
      lead="A company in the public directory on /home: a new one, or one that already has an account."
      actions={
        <Link to="/admin/listings" className="button">
          All listings
        </Link>
      }
    >
      {added ? (
        <Notice tone="success">
          <p>
            <strong>{added.name}</strong> {added.listed ? 'is in the directory.' : 'is saved, not listed.'}{' '}
            {added.listed ? (
              <a href={`/home?q=${encodeURIComponent(added.name)}`}>See it on the directory</a>
            ) : null}
          </p>
        </Notice>
      ) : null}
      <ListingForm
        key={start.key}
        initial={start.values}
        company={start.company}
        onAttach={(company, values) =>
          setStart((current) => ({
            key: current.key + 1,
            values: company ? fillFrom(company, values) : values,
            company,
          }))
        }
        onAdded={(company) => {
          setAdded(company);
          setStart((current) => ({ key: current.key + 1, values: EMPTY, company: null }));
        }}
      />
    </AdminShell>
  );
}

type ListingValues = typeof EMPTY;

/** The form's values with the fields still empty taken from `company`. */
function fillFrom(company: AdminCompany, values: ListingValues): ListingValues {
  const filled = { ...values };
  for (const field of Object.keys(EMPTY) as (keyof ListingValues)[]) {
    const known = company[field];
    if (known && filled[field].trim() === '') filled[field] = known;
  }
  return filled;
}

interface ListingFormProps {
  initial: ListingValues;
  company: AdminCompany | null;
  onAttach: (company: AdminCompany | null, values: ListingValues) => void;
  onAdded: (company: AdminCompany) => void;
}

function ListingForm({ initial, company, onAttach, onAdded }: ListingFormProps) {
  const form = useForm(schema, initial, { labels });
  const [listed, setListed] = useState(true);
  const attach = (chosen: AdminCompany | null) => {
    const current = Object.fromEntries(
      Object.keys(EMPTY).map((field) => [field, String(form.values[field as keyof ListingValues])]),
    ) as ListingValues;
    onAttach(chosen, current);
  };

  const submit = form.handleSubmit(async (values) => {
    const text = (field: keyof typeof EMPTY) => String(values[field]).trim();
    const body: AdminListingCreateBody = {
      name: text('name'),
      website: siteWebsite(text('website')) ?? text('website'),
      listed,
    };
    if (text('description')) body.description = text('description');
    if (text('logo_url')) body.logo_url = text('logo_url');
    if (text('category')) body.category = text('category');
    if (company) body.company_id = company.id;
    const { data } = await createListing(http, body);
    onAdded(data);
  });

  return (
    <form className="panel form admin-form" noValidate onSubmit={submit} aria-label="New listing">
      <FormError message={form.formError} />
      <CompanyPicker selected={company} onSelect={attach} error={form.serverErrorOf('company_id')} />
      <div className="admin-form-grid">
        <TextField label="Name" autoComplete="organization" {...form.bind('name')} />
        <TextField
          label="Website"
          inputMode="url"
          placeholder="example.com"
          autoComplete="url"
          {...form.bind('website')}
        />
        <TextField
          label="Category (optional)"
          placeholder="Software, Shop, News…"
          autoComplete="off"
          {...form.bind('category')}
        />
        <TextField
          label="Logo URL (optional)"
          type="url"
          inputMode="url"
          placeholder="https://example.com/logo.png"
          {...form.bind('logo_url')}
        />
      </div>
      <TextAreaField
        label="Description (optional)"
        rows={4}
        hint="A sentence or two for the company's card in the directory."
        {...form.bind('description')}
      />
      <CheckboxField
        name="listed"
        label="Listed in the public directory"
        hint="Untick to save the company without showing it yet."
        checked={listed}
        onChecked={setListed}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Adding…' : company ? `Update and list ${company.name}` : 'Add listing'}
        </button>
      </div>
    </form>
  );
}
