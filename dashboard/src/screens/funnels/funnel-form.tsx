import type { Funnel, FunnelBody, Goal } from '@footfall/contract';
import { limits, MAX_FUNNEL_STEPS, MIN_FUNNEL_STEPS } from '@footfall/contract/constants';
import { useId, useState } from 'react';
import { createFunnel } from '../../api/funnels';
import { http } from '../../app/services';
import { Breakable } from '../../components/breakable';
import { FormError, TextField } from '../../components/form-field';
import { max, required } from '../../forms/rules';
import { useForm } from '../../forms/use-form';
import { goalSummary } from '../profile/goal-text';
import {
  addStep,
  type FunnelDraft,
  moveStep,
  NO_GOAL,
  newDraft,
  removeStep,
  setStep,
  stepErrors,
} from './funnel-draft';

const schema = { name: [required(), max(limits.nameMax)] };

interface FunnelFormProps {
  companyId: number;
  goals: Goal[];
  onCreated: (funnel: Funnel) => void;
}

/** A new funnel, for owners and admins: a name and 2 to 8 of the site's goals, in the order visits reach them. */
export function FunnelForm({ companyId, goals, onCreated }: FunnelFormProps) {
  const [generation, setGeneration] = useState(0);
  const headingId = useId();
  return (
    <section className="panel funnel-form-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>New funnel</h2>
      <p className="muted">
        Pick the goals a visit should reach, in order. Other activity may come between two steps; each step
        counts the visitors whose visit reached it after the steps before.
      </p>
      <DraftForm
        key={generation}
        companyId={companyId}
        goals={goals}
        onCreated={(funnel) => {
          setGeneration((count) => count + 1);
          onCreated(funnel);
        }}
      />
    </section>
  );
}

function DraftForm({ companyId, goals, onCreated }: FunnelFormProps) {
  const goalIds = goals.map((goal) => goal.id);
  const [draft, setDraft] = useState<FunnelDraft>(() => newDraft(goalIds));
  const form = useForm(schema, { name: '' }, { labels: { name: 'funnel name' } });
  const change = (next: FunnelDraft) => {
    setDraft(next);
    // The steps' earlier messages described other steps.
    form.setServerErrors({});
  };
  const submit = form.handleSubmit(async (values) => {
    const errors = stepErrors(draft.steps);
    if (Object.keys(errors).length > 0) {
      form.setServerErrors(errors);
      return undefined;
    }
    const body: FunnelBody = { name: String(values.name).trim(), steps: draft.steps };
    const { data } = await createFunnel(http, companyId, body);
    onCreated(data);
  });
  const count = draft.steps.length;
  return (
    <form className="form funnel-form" noValidate onSubmit={submit} aria-label="New funnel">
      <FormError message={form.formError} />
      <TextField label="Funnel name" placeholder="From pricing to sign-up" {...form.bind('name')} />
      <fieldset className="plain-fieldset">
        <legend className="field-legend">Steps</legend>
        <ol className="funnel-steps">
          {draft.steps.map((goalId, index) => (
            <StepField
              // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the funnel
              key={index}
              index={index}
              count={count}
              goalId={goalId}
              goals={goals}
              error={form.serverErrorOf(`steps.${index}`)}
              onGoal={(id) => change(setStep(draft, index, id))}
              onMove={(by) => change(moveStep(draft, index, by))}
              onRemove={() => change(removeStep(draft, index))}
            />
          ))}
        </ol>
        {form.serverErrorOf('steps') ? <p className="field-error">{form.serverErrorOf('steps')}</p> : null}
        <div>
          <button
            type="button"
            className="button button-small"
            disabled={count >= MAX_FUNNEL_STEPS}
            onClick={() => change(addStep(draft, goalIds))}
          >
            Add a step
          </button>{' '}
          <span className="muted small">
            {MIN_FUNNEL_STEPS} to {MAX_FUNNEL_STEPS} steps
          </span>
        </div>
      </fieldset>
      <div className="form-actions">
        <button type="submit" className="button button-primary" disabled={form.submitting}>
          {form.submitting ? 'Saving…' : 'Save funnel'}
        </button>
      </div>
    </form>
  );
}

interface StepFieldProps {
  index: number;
  count: number;
  goalId: number;
  goals: Goal[];
  error: string | undefined;
  onGoal: (goalId: number) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}

function StepField({ index, count, goalId, goals, error, onGoal, onMove, onRemove }: StepFieldProps) {
  const id = useId();
  const number = index + 1;
  const goal = goals.find((candidate) => candidate.id === goalId);
  const noteId = `${id}-note`;
  return (
    <li className={error ? 'funnel-step has-error' : 'funnel-step'}>
      <label htmlFor={id} className="funnel-step-label">
        Step {number}
      </label>
      <div className="funnel-step-controls">
        <select
          id={id}
          className="input"
          value={goalId}
          aria-invalid={error ? true : undefined}
          aria-describedby={noteId}
          onChange={(event) => onGoal(Number(event.target.value))}
        >
          {goalId === NO_GOAL ? <option value={NO_GOAL}>Choose a goal</option> : null}
          {goals.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </select>
        <div className="funnel-step-actions">
          <button
            type="button"
            className="button button-small button-icon"
            aria-label={`Move step ${number} up`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            ↑
          </button>
          <button
            type="button"
            className="button button-small button-icon"
            aria-label={`Move step ${number} down`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            ↓
          </button>
          <button
            type="button"
            className="button button-small button-icon"
            aria-label={`Remove step ${number}`}
            disabled={count <= MIN_FUNNEL_STEPS}
            onClick={onRemove}
          >
            ✕
          </button>
        </div>
      </div>
      <p id={noteId} className={error ? 'field-error' : 'field-hint'}>
        {error ?? (goal ? <Breakable text={goalSummary(goal)} /> : '')}
      </p>
    </li>
  );
}
