import { describe, expect, it } from 'vitest';
import { addStep, moveStep, NO_GOAL, newDraft, removeStep, setStep, stepErrors } from './funnel-draft';

const goals = [11, 12, 13];

describe('a funnel draft', () => {
  it('starts with two steps, the first two goals', () => {
    expect(newDraft(goals)).toEqual({ steps: [11, 12] });
    expect(newDraft([11])).toEqual({ steps: [11, NO_GOAL] });
  });

  it('adds a step that differs from the last one, up to eight', () => {
    let draft = newDraft(goals);
    draft = addStep(draft, goals);
    expect(draft.steps).toEqual([11, 12, 11]);
    for (let count = 0; count < 10; count += 1) draft = addStep(draft, goals);
    expect(draft.steps).toHaveLength(8);
  });

  it('removes a step, never below two', () => {
    const three = { steps: [11, 12, 13] };
    expect(removeStep(three, 1).steps).toEqual([11, 13]);
    expect(removeStep(removeStep(three, 0), 0).steps).toEqual([12, 13]);
  });

  it('moves a step up or down, and not past either end', () => {
    const draft = { steps: [11, 12, 13] };
    expect(moveStep(draft, 2, -1).steps).toEqual([11, 13, 12]);
    expect(moveStep(draft, 0, 1).steps).toEqual([12, 11, 13]);
    expect(moveStep(draft, 0, -1)).toBe(draft);
    expect(moveStep(draft, 2, 1)).toBe(draft);
  });

  it('sets one step without touching the others', () => {
    expect(setStep({ steps: [11, 12] }, 1, 13).steps).toEqual([11, 13]);
  });

  it('is saved only with a goal on every step and no step repeating the one before', () => {
    expect(stepErrors([11, 12, 11])).toEqual({});
    expect(stepErrors([11, 11, NO_GOAL])).toEqual({
      'steps.1': ['A step must differ from the one before it.'],
      'steps.2': ['Choose a goal for this step.'],
    });
    expect(stepErrors([11])).toEqual({ steps: ['A funnel has 2 to 8 steps.'] });
  });
});
