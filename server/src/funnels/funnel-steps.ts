import { type FieldErrors, validation } from '../errors';

const NOT_THE_COMPANYS = "Each step must be one of this company's goals.";
const REPEATED = 'A step must differ from the one before it.';

/**
 * Checks a funnel's steps (docs/api.md "Funnels"): each one of the company's goals, none equal to the step
 * just before it (whether that asks for one conversion or two would be anyone's guess, and the drop-off
 * between them would say nothing); a goal may come back later, after another step. The schema has already
 * checked their number. Throws 422 on `steps`.
 */
export function checkFunnelSteps(steps: readonly number[], companyGoalIds: ReadonlySet<number>): void {
  const messages: string[] = [];
  if (!steps.every((goalId) => companyGoalIds.has(goalId))) messages.push(NOT_THE_COMPANYS);
  if (steps.some((goalId, index) => index > 0 && steps[index - 1] === goalId)) messages.push(REPEATED);
  if (messages.length > 0) throw validation({ steps: messages } satisfies FieldErrors);
}
