import type { Company } from '@footfall/contract';
import { formatNumber } from '@footfall/contract/format';
import { updateCompany } from '../../api/companies';
import { http } from '../../app/services';
import { FormError, SelectField } from '../../components/form-field';
import { Notice } from '../../components/notice';
import { useForm } from '../../forms/use-form';

/** The choices offered, in days; those above the plan's are left out. `''` keeps the plan's. */
const CHOICES = [30, 90, 180, 365, 730, 1095, 1825, 3650];

export function retentionText(days: number): string {
  if (days % 365 === 0) return days === 365 ? '1 year' : `${days / 365} years`;
  return `${formatNumber(days)} days`;
}

/** The options of the select: the plan's, then every choice up to it (and the site's own, if another). */
export function retentionOptions(company: Company): string[] {
  const days = new Set(CHOICES.filter((choice) => choice < company.plan_retention_days));
  if (company.retention_days !== null && company.retention_days < company.plan_retention_days)
    days.add(company.retention_days);
  return ['', ...[...days].sort((a, b) => a - b).map(String)];
}

/**
 * How long the site keeps its events (docs/api.md "Data control"): the plan's, or less. Older days keep
 * their daily figures; filters, goals and funnels stop at the window.
 */
export function DataRetention({
  company,
  onSaved,
}: {
  company: Company;
  onSaved: (company: Company) => void;
}) {
  const form = useForm({ retention: [] }, { retention: String(company.retention_days ?? '') });
  const plan = company.plan_retention_days;
  const submit = form.handleSubmit(async (values) => {
    const chosen = String(values.retention);
    const { data } = await updateCompany(http, company.id, {
      retention_days: chosen === '' ? null : Number(chosen),
    });
    onSaved(data);
    return 'Retention saved.';
  });
  return (
    <form className="form" noValidate onSubmit={submit} aria-labelledby="retention-title">
      <h3 id="retention-title">Retention</h3>
      <FormError message={form.formError ?? form.serverErrorOf('retention_days')} />
      {form.success ? <Notice tone="success">{form.success}</Notice> : null}
      <SelectField
        name="retention"
        label="Keep events for"
        value={String(form.values.retention)}
        options={retentionOptions(company)}
        optionLabel={(option) =>
          option === ''
            ? `As long as the plan allows (${retentionText(plan)})`
            : retentionText(Number(option))
        }
        onValue={(value) => form.setValue('retention', value)}
        hint={`Your plan keeps events for ${retentionText(plan)}. Older events are deleted every hour; their days keep their daily totals and breakdowns, but filters, goals and funnels stop at the window. To remove days with their figures, delete them below.`}
      />
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Save retention'}
        </button>
      </div>
    </form>
  );
}
