import { FUNNEL_STEP_MESSAGES, repeatedSteps } from '@footfall/contract/rules';
import { type FieldErrors, fieldError, validation } from '../errors';

const { notTheCompanys: NOT_THE_COMPANYS, repeated: REPEATED } = FUNNEL_STEP_MESSAGES;

/** The refusal of steps that are not all the company's goals. */
export const stepsNotTheCompanys = () => fieldError('steps', NOT_THE_COMPANYS);

/**
 * Checks a funnel's steps by the contract's rules (`@footfall/contract/rules`): each one of the company's
 * goals, none equal to the step just before it. The schema has already checked their number. Throws 422
 * on `steps`.
 */
export function checkFunnelSteps(steps: readonly number[], companyGoalIds: ReadonlySet<number>): void {
  const messages: string[] = [];
  if (!steps.every((goalId) => companyGoalIds.has(goalId))) messages.push(NOT_THE_COMPANYS);
  if (repeatedSteps(steps).length > 0) messages.push(REPEATED);
  if (messages.length > 0) throw validation({ steps: messages } satisfies FieldErrors);
}
