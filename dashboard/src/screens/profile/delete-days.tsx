import type { Company, DataRangeCounts } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import { useState } from 'react';
import { countDays, deleteDays } from '../../api/data-control';
import { http } from '../../app/services';
import { FormError, TextField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';

const schema = { from: [required()], to: [required()] };

const plural = (count: number, word: string) => `${formatNumber(count)} ${word}${count === 1 ? '' : 's'}`;

/**
 * The owner deletes the site's data of some days for good (docs/api.md "Data control"): first the server
 * counts what would go, shown with the button that deletes exactly those days, so nothing goes unseen.
 */
export function DeleteDays({ company }: { company: Company }) {
  const form = useForm(schema, { from: '', to: '' }, { labels: { from: 'first day', to: 'last day' } });
  const [counted, setCounted] = useState<DataRangeCounts | undefined>();
  const [deleting, setDeleting] = useState(false);
  const [deleted, setDeleted] = useState<string | undefined>();

  const check = form.handleSubmit(async (values) => {
    setDeleted(undefined);
    const { data } = await countDays(http, company.id, { from: String(values.from), to: String(values.to) });
    setCounted(data);
  });
  const edit = (field: 'from' | 'to') => (value: string) => {
    form.setValue(field, value);
    setCounted(undefined);
  };
  const confirm = async () => {
    if (!counted) return;
    setDeleting(true);
    try {
      const { data } = await deleteDays(http, company.id, { from: counted.from, to: counted.to });
      setDeleted(`Deleted ${plural(data.events, 'event')} and ${plural(data.visits, 'visit')}.`);
      setCounted(undefined);
    } catch (error) {
      form.setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <form className="form" noValidate onSubmit={check} aria-labelledby="delete-days-title">
      <h3 id="delete-days-title">Delete data of some days</h3>
      <p>
        Removes the events and visits of those days, in the site's time zone ({company.timezone}), with their
        daily figures. This cannot be undone.
      </p>
      <FormError message={form.formError} />
      {deleted ? <Notice tone="success">{deleted}</Notice> : null}
      <div className="date-range">
        <TextField label="From" type="date" {...form.bind('from')} onValue={edit('from')} />
        <TextField label="To" type="date" {...form.bind('to')} onValue={edit('to')} />
      </div>
      {counted ? (
        <div className="form-actions" aria-live="polite">
          <p className="delete-days-count">
            This deletes {plural(counted.events, 'event')} and {plural(counted.visits, 'visit')} from{' '}
            <time dateTime={counted.from}>{counted.from}</time> to{' '}
            <time dateTime={counted.to}>{counted.to}</time>.
          </p>
          <button
            type="button"
            className="button button-danger"
            disabled={deleting}
            onClick={() => void confirm()}
          >
            {deleting ? 'Deleting…' : `Delete ${plural(counted.events, 'event')}`}
          </button>
          <button type="button" className="button" disabled={deleting} onClick={() => setCounted(undefined)}>
            Cancel
          </button>
        </div>
      ) : (
        <div className="form-actions">
          <button type="submit" className="button" disabled={form.submitting}>
            {form.submitting ? 'Counting…' : 'Count what this deletes'}
          </button>
        </div>
      )}
    </form>
  );
}
