import type { AdminPlan, AdminPlanUpdateBody } from '@footfall/contract';
import { useState } from 'react';
import { updateAdminPlan } from '../../api/admin-plans';
import { http } from '../../app/services';
import { CheckboxField, FormError, TextAreaField, TextField } from '../../components/form-field';
import { decimal, integer, min_value, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { amountOf, centsOf } from './admin-format';

const schema = {
  name: [required()],
  price: [required(), decimal(2), min_value(0)],
  events_quota: [required(), integer(), min_value(0)],
  api_calls_quota: [required(), integer(), min_value(0)],
  retention_days: [required(), integer(), min_value(1)],
  features: [],
};
const labels = {
  price: 'price',
  events_quota: 'events quota',
  api_calls_quota: 'API calls quota',
  retention_days: 'retention',
};

interface PlanFormProps {
  plan: AdminPlan;
  onSaved: (plan: AdminPlan) => void;
  onCancel: () => void;
}

/** A plan's terms, edited in place under its row (`updateAdminPlan`). */
export function PlanForm({ plan, onSaved, onCancel }: PlanFormProps) {
  const [active, setActive] = useState(plan.active);
  const form = useForm(
    schema,
    {
      name: plan.name,
      price: amountOf(plan.price_cents),
      events_quota: String(plan.events_quota),
      api_calls_quota: String(plan.api_calls_quota),
      retention_days: String(plan.retention_days),
      features: plan.features.join('\n'),
    },
    { labels },
  );
  // The server names the price's errors by its own field.
  const priceError = form.errorOf('price') ?? form.serverErrorOf('price_cents');
  const currency = plan.currency.toUpperCase();

  const submit = form.handleSubmit(async (values) => {
    const body: AdminPlanUpdateBody = {
      name: String(values.name).trim(),
      price_cents: centsOf(String(values.price)),
      events_quota: Number(values.events_quota),
      api_calls_quota: Number(values.api_calls_quota),
      retention_days: Number(values.retention_days),
      features: String(values.features)
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
    if (!plan.is_default) body.active = active;
    const { data } = await updateAdminPlan(http, plan.id, body);
    onSaved(data);
  });

  return (
    <form className="form plan-form" noValidate onSubmit={submit} aria-label={`Edit the ${plan.name} plan`}>
      <FormError message={form.formError} />
      <div className="admin-form-grid">
        <TextField label="Name" autoComplete="off" {...form.bind('name')} />
        <TextField
          label={`Price (${currency} per ${plan.interval})`}
          inputMode="decimal"
          hint="0 for a free plan."
          {...form.bind('price')}
          error={priceError}
        />
        <TextField label="Events a month" inputMode="numeric" {...form.bind('events_quota')} />
        <TextField label="API calls a month" inputMode="numeric" {...form.bind('api_calls_quota')} />
        <TextField label="Retention (days)" inputMode="numeric" {...form.bind('retention_days')} />
      </div>
      <TextAreaField
        label="Features"
        rows={4}
        hint="One a line, as the plans page lists them."
        {...form.bind('features')}
      />
      {plan.is_default ? (
        <p className="muted small">New companies start on this plan, so it stays offered.</p>
      ) : (
        <CheckboxField
          name="active"
          label="Offered on the plans page and at checkout"
          hint={`Companies already on it keep it (${formatCompanies(plan.companies)}).`}
          checked={active}
          onChecked={setActive}
        />
      )}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Save plan'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function formatCompanies(count: number): string {
  return count === 1 ? '1 company' : `${count} companies`;
}
