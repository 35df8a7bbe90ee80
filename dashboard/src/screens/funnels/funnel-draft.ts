import { MAX_FUNNEL_STEPS, MIN_FUNNEL_STEPS } from '@footfall/contract/constants';
import { FUNNEL_STEP_MESSAGES, isFunnelStepCount, repeatedSteps } from '@footfall/contract/rules';

// A funnel being composed: its steps, each a goal id (0 until one is chosen), in order. Pure, so
// the form's edits and checks are tested without a browser; the checks are the server's
// (`@footfall/contract/rules`), which has the last word.

export interface FunnelDraft {
  steps: number[];
}

export const NO_GOAL = 0;

/** A new draft: two steps, the first two goals when there are two. */
export function newDraft(goalIds: readonly number[]): FunnelDraft {
  return { steps: [goalIds[0] ?? NO_GOAL, goalIds[1] ?? NO_GOAL] };
}

/** One more step, the first goal that differs from the last step; none past the limit. */
export function addStep(draft: FunnelDraft, goalIds: readonly number[]): FunnelDraft {
  if (draft.steps.length >= MAX_FUNNEL_STEPS) return draft;
  const last = draft.steps.at(-1);
  const next = goalIds.find((id) => id !== last) ?? NO_GOAL;
  return { ...draft, steps: [...draft.steps, next] };
}

export function removeStep(draft: FunnelDraft, index: number): FunnelDraft {
  if (draft.steps.length <= MIN_FUNNEL_STEPS) return draft;
  return { ...draft, steps: draft.steps.filter((_, at) => at !== index) };
}

/** The step at `index` swapped with its neighbour `by` places away (-1 up, 1 down); unchanged at an end. */
export function moveStep(draft: FunnelDraft, index: number, by: -1 | 1): FunnelDraft {
  const target = index + by;
  const steps = [...draft.steps];
  const moving = steps[index];
  const other = steps[target];
  if (moving === undefined || other === undefined) return draft;
  steps[index] = other;
  steps[target] = moving;
  return { ...draft, steps };
}

export function setStep(draft: FunnelDraft, index: number, goalId: number): FunnelDraft {
  return { ...draft, steps: draft.steps.map((id, at) => (at === index ? goalId : id)) };
}

/** The messages that stop the steps from being saved, by field (`steps`, `steps.N`); empty when none. */
export function stepErrors(steps: readonly number[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!isFunnelStepCount(steps.length)) errors.steps = [FUNNEL_STEP_MESSAGES.count];
  for (const index of repeatedSteps(steps)) errors[`steps.${index}`] = [FUNNEL_STEP_MESSAGES.repeated];
  steps.forEach((id, index) => {
    if (id === NO_GOAL) errors[`steps.${index}`] = ['Choose a goal for this step.'];
  });
  return errors;
}
