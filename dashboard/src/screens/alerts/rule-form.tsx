import {
  ALERT_KINDS,
  type AlertChannel,
  type AlertKind,
  type AlertRule,
  type AlertRuleBody,
  type Goal,
} from '@footfall/contract';
import { MAX_DROP_HOURS } from '@footfall/contract/constants';
import { useId, useState } from 'react';
import { type AlertRuleChanges, createAlertRule, updateAlertRule } from '../../api/alerts';
import { http } from '../../app/services';
import { CheckboxField, FormError, SelectField, TextField } from '../../components/form-field';
import { integer, max, min_value, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { RULE_KIND_LABELS, THRESHOLD_EXAMPLES, THRESHOLD_HINTS, THRESHOLD_LABELS } from './alert-text';

const schema = {
  kind: [required()],
  threshold: [required(), integer(), min_value(1)],
  goal: [],
  event_name: [max(120)],
};

/** The goal select's value for "count a custom event by name" rather than a goal. */
const BY_EVENT = 'event';

const kindOf = (value: unknown): AlertKind => ALERT_KINDS.find((kind) => kind === value) ?? 'spike';

/** The form's starting values: the alert being edited, or a new spike alert counting the first goal. */
function initialValues(goals: Goal[], editing: AlertRule | undefined) {
  if (!editing) {
    return { kind: 'spike', threshold: '', goal: goals[0] ? String(goals[0].id) : BY_EVENT, event_name: '' };
  }
  return {
    kind: editing.kind,
    threshold: String(editing.threshold),
    goal:
      editing.goal_id !== null
        ? String(editing.goal_id)
        : goals[0] && editing.kind !== 'goal'
          ? String(goals[0].id)
          : BY_EVENT,
    event_name: editing.event_name ?? '',
  };
}

/**
 * An alert's kind, threshold, what a goal alert counts, and the channels it sends to: a new one, or, with
 * `editing`, the changes to one (saved whole, so that a goal alert may switch between a goal and an event).
 */
export function RuleForm({
  companyId,
  goals,
  channels,
  editing,
  onSaved,
  onCancel,
}: {
  companyId: number;
  goals: Goal[];
  channels: AlertChannel[];
  editing?: AlertRule;
  onSaved: (rule: AlertRule) => void;
  onCancel?: () => void;
}) {
  const form = useForm(schema, initialValues(goals, editing), { labels: { event_name: 'event name' } });
  const [chosen, setChosen] = useState<number[]>(
    editing ? editing.channel_ids : channels[0] ? [channels[0].id] : [],
  );
  const groupId = useId();
  const kind = kindOf(form.values.kind);
  const goalChoice = String(form.values.goal);
  const byEvent = goalChoice === BY_EVENT;

  const submit = form.handleSubmit(async (values) => {
    const threshold = Number(values.threshold);
    const eventName = String(values.event_name).trim();
    const problems: Record<string, string[]> = {};
    if (kind === 'drop' && threshold > MAX_DROP_HOURS) {
      problems.threshold = [`A drop alert waits 1 to ${MAX_DROP_HOURS} hours.`];
    }
    if (kind === 'goal' && byEvent && eventName === '')
      problems.event_name = ['Give the custom event’s name.'];
    if (chosen.length === 0) problems.channel_ids = ['Choose at least one channel.'];
    if (Object.keys(problems).length > 0) {
      form.setServerErrors(problems);
      return undefined;
    }
    const body: AlertRuleBody = {
      kind,
      threshold,
      channel_ids: chosen,
      ...(kind === 'goal' && (byEvent ? { event_name: eventName } : { goal_id: Number(goalChoice) })),
    };
    if (!editing) {
      onSaved((await createAlertRule(http, companyId, body)).data);
      return undefined;
    }
    // A field sent blank is cleared (docs/api.md): what this kind does not count goes.
    const cleared: AlertRuleChanges = { goal_id: '', event_name: '' };
    const { data } = await updateAlertRule(http, companyId, editing.id, { ...cleared, ...body });
    onSaved(data);
  });

  const toggle = (id: number, on: boolean) =>
    setChosen((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  const channelError = form.serverErrorOf('channel_ids');

  return (
    <form
      className="form inline-form"
      noValidate
      onSubmit={submit}
      aria-label={editing ? 'Edit the alert' : 'Add an alert'}
    >
      <FormError message={form.formError} />
      <SelectField
        name="kind"
        label="When"
        value={kind}
        options={ALERT_KINDS}
        optionLabel={(option) => RULE_KIND_LABELS[kindOf(option)]}
        onValue={(value) => form.setValue('kind', value)}
      />
      <TextField
        {...form.bind('threshold')}
        label={THRESHOLD_LABELS[kind]}
        inputMode="numeric"
        placeholder={THRESHOLD_EXAMPLES[kind]}
        hint={THRESHOLD_HINTS[kind]}
      />
      {kind === 'goal' ? (
        <>
          <SelectField
            name="goal"
            label="Counting"
            value={goalChoice}
            options={[...goals.map((goal) => String(goal.id)), BY_EVENT]}
            optionLabel={(option) =>
              option === BY_EVENT
                ? 'A custom event, by name'
                : (goals.find((goal) => String(goal.id) === option)?.name ?? option)
            }
            onValue={(value) => form.setValue('goal', value)}
            hint={
              goals.length === 0
                ? 'No goals yet: define them in Settings, or count a custom event.'
                : undefined
            }
          />
          {byEvent ? (
            <TextField
              {...form.bind('event_name')}
              label="Event name"
              placeholder="signup"
              autoComplete="off"
              error={form.errorOf('event_name') ?? form.serverErrorOf('event_name')}
            />
          ) : null}
        </>
      ) : null}
      <fieldset
        className="field alert-channel-choice"
        aria-describedby={channelError ? `${groupId}-error` : undefined}
      >
        <legend>Send to</legend>
        {channels.map((channel) => (
          <CheckboxField
            key={channel.id}
            name={`channel-${channel.id}`}
            label={channel.name}
            checked={chosen.includes(channel.id)}
            onChecked={(on) => toggle(channel.id, on)}
          />
        ))}
        {channelError ? (
          <p className="field-error" id={`${groupId}-error`} role="alert">
            {channelError}
          </p>
        ) : null}
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {editing ? (form.submitting ? 'Saving…' : 'Save alert') : form.submitting ? 'Adding…' : 'Add alert'}
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
