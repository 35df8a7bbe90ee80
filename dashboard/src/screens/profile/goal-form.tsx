import type { Goal, GoalBody, GoalUpdateBody } from '@footfall/contract';
import { limits } from '@footfall/contract/constants';
import { useId } from 'react';
import { createGoal, updateGoal } from '../../api/goals';
import { http } from '../../app/services';
import { FormError, SelectField, TextField } from '../../components/form-field';
import { max, required, type SyncRule } from '../../forms/rules';
import { useForm } from '../../forms/use-form';

const KINDS = ['event', 'page'] as const;
const KIND_LABELS: Record<(typeof KINDS)[number], string> = { event: 'A custom event', page: 'A pageview' };

/** A page pattern starts at the site's root. */
const rootPath: SyncRule = {
  name: 'regex',
  async: false,
  check: (value) =>
    typeof value === 'string' && value.trim() !== '' && !value.trim().startsWith('/')
      ? 'The page path field must start with /, like /pricing or /blog/**.'
      : null,
};

const schema = {
  name: [required(), max(limits.nameMax)],
  kind: [required()],
  target: [required(), max(2000)],
  prop_key: [max(300)],
  prop_value: [max(2000)],
  revenue_currency: [max(3)],
};

export interface GoalSuggestions {
  events: string[];
  pages: string[];
}

/** The form's fields for a goal being changed, or empty ones for a new goal. */
function initialValues(goal: Goal | undefined) {
  if (!goal)
    return { name: '', kind: 'event', target: '', prop_key: '', prop_value: '', revenue_currency: '' };
  return {
    name: goal.name,
    kind: goal.page_path === null ? 'event' : 'page',
    target: goal.page_path ?? goal.event_name ?? '',
    prop_key: goal.prop?.key ?? '',
    prop_value: goal.prop?.value ?? '',
    revenue_currency: goal.revenue_currency ?? '',
  };
}

/**
 * A goal's form: a name, what counts (a custom event, optionally with one property, or a pageview whose path
 * matches a pattern), with the event names and paths the site already sent as suggestions. Without `goal`
 * it adds one (`createGoal`); with it, it changes that goal (`updateGoal`), a cleared property or
 * currency dropped. Either way `onSaved` hears the goal as the server stored it.
 */
export function GoalForm({
  companyId,
  suggestions,
  onSaved,
  goal,
  onCancel,
}: {
  companyId: number;
  suggestions: GoalSuggestions;
  onSaved: (goal: Goal) => void;
  goal?: Goal;
  onCancel?: () => void;
}) {
  const form = useForm(schema, initialValues(goal), {
    labels: {
      target: 'event name or page path',
      prop_key: 'property',
      prop_value: 'value',
      revenue_currency: 'revenue currency',
    },
  });
  const listId = useId();
  const kind = String(form.values.kind) === 'page' ? 'page' : 'event';
  const submit = form.handleSubmit(async (values) => {
    const target = String(values.target).trim();
    const key = String(values.prop_key).trim();
    const value = String(values.prop_value).trim();
    const currency = String(values.revenue_currency).trim().toUpperCase();
    // Checked here rather than by a rule: they depend on the kind chosen and on each other.
    const pathError = kind === 'page' ? rootPath.check(target, {} as never) : null;
    const half = kind === 'event' && (key === '') !== (value === '');
    const badCurrency = kind === 'event' && currency !== '' && !/^[A-Z]{3}$/.test(currency);
    if (pathError || half || badCurrency) {
      form.setServerErrors({
        ...(pathError ? { page_path: [pathError] } : {}),
        ...(badCurrency ? { revenue_currency: ['Give a three-letter currency code, like EUR or USD.'] } : {}),
        ...(half
          ? { [key ? 'prop_value' : 'prop_key']: ['Give both the property and its value, or neither.'] }
          : {}),
      });
      return undefined;
    }
    const name = String(values.name).trim();
    if (goal) {
      const change: GoalUpdateBody = {
        name,
        ...(kind === 'page'
          ? { page_path: target }
          : {
              event_name: target,
              prop: key && value ? { key, value } : null,
              revenue_currency: currency || null,
            }),
      };
      const { data } = await updateGoal(http, companyId, goal.id, change);
      onSaved(data);
      return;
    }
    const body: GoalBody = {
      name,
      ...(kind === 'page' ? { page_path: target } : { event_name: target }),
      ...(kind === 'event' && key && value ? { prop: { key, value } } : {}),
      ...(kind === 'event' && currency ? { revenue_currency: currency } : {}),
    };
    const { data } = await createGoal(http, companyId, body);
    onSaved(data);
  });
  const options = kind === 'page' ? suggestions.pages : suggestions.events;
  const targetError =
    form.errorOf('target') ?? form.serverErrorOf(kind === 'page' ? 'page_path' : 'event_name');
  return (
    <form
      className="form inline-form"
      noValidate
      onSubmit={submit}
      aria-label={goal ? `Change the goal ${goal.name}` : 'Add a goal'}
    >
      <FormError message={form.formError} />
      <TextField label="Goal name" placeholder="Signed up" {...form.bind('name')} />
      <SelectField
        name="kind"
        label="Counts"
        value={kind}
        options={KINDS}
        optionLabel={(option) => KIND_LABELS[option === 'page' ? 'page' : 'event']}
        onValue={(value) => form.setValue('kind', value)}
      />
      <TextField
        {...form.bind('target')}
        label={kind === 'page' ? 'Page path' : 'Event name'}
        placeholder={kind === 'page' ? '/thanks or /blog/**' : 'signup'}
        list={listId}
        autoComplete="off"
        error={targetError}
        hint={
          kind === 'page'
            ? '* matches within one part of the path, ** across parts.'
            : 'The name your site sends with footfall("…").'
        }
      />
      <datalist id={listId}>
        {options.map((option) => (
          <option key={option} value={option} />
        ))}
      </datalist>
      {kind === 'event' ? (
        <div className="goal-prop">
          <TextField
            label="Property (optional)"
            placeholder="plan"
            {...form.bind('prop_key')}
            error={form.errorOf('prop_key') ?? form.serverErrorOf('prop.key')}
          />
          <TextField
            label="Equal to"
            placeholder="pro"
            {...form.bind('prop_value')}
            error={form.errorOf('prop_value') ?? form.serverErrorOf('prop.value')}
          />
          <TextField
            label="Revenue currency (optional)"
            placeholder="EUR"
            {...form.bind('revenue_currency')}
            error={form.errorOf('revenue_currency') ?? form.serverErrorOf('revenue_currency')}
            hint="Sums the revenue property your site sends with the event, e.g. { revenue: 19.99 }."
          />
        </div>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {goal ? (form.submitting ? 'Saving…' : 'Save goal') : form.submitting ? 'Adding…' : 'Add goal'}
        </button>
        {onCancel ? (
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
