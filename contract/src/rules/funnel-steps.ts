import { MAX_FUNNEL_STEPS, MIN_FUNNEL_STEPS } from '../companies/funnel-constants';

// A funnel's steps (docs/api.md "Funnels"): 2 to 8 of the company's goals, none equal to the step just
// before it (whether that asks for one conversion or two would be anyone's guess, and the drop-off between
// them would say nothing); a goal may come back later, after another step. The server refuses by these
// rules, and the dashboard's form checks them before sending.

export const FUNNEL_STEP_MESSAGES = {
  count: `A funnel has ${MIN_FUNNEL_STEPS} to ${MAX_FUNNEL_STEPS} steps.`,
  notTheCompanys: "Each step must be one of this company's goals.",
  repeated: 'A step must differ from the one before it.',
} as const;

/** Whether a funnel may have this many steps. */
export function isFunnelStepCount(count: number): boolean {
  return count >= MIN_FUNNEL_STEPS && count <= MAX_FUNNEL_STEPS;
}

/** The positions of the steps that repeat the step just before them. */
export function repeatedSteps(steps: readonly number[]): number[] {
  return steps.flatMap((goalId, index) => (index > 0 && steps[index - 1] === goalId ? [index] : []));
}
