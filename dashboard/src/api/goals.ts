import type { GoalAnswer, GoalBody, GoalListAnswer, GoalUpdateBody } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A company's goals (docs/api.md "Goals").

export function listGoals(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<GoalListAnswer> {
  return client.get<GoalListAnswer>(`/api/companies/${companyId}/goals`, options);
}

export function createGoal(client: ApiClient, companyId: number, body: GoalBody): Promise<GoalAnswer> {
  return client.post<GoalAnswer>(`/api/companies/${companyId}/goals`, body);
}

export function updateGoal(
  client: ApiClient,
  companyId: number,
  goalId: number,
  body: GoalUpdateBody,
): Promise<GoalAnswer> {
  return client.patch<GoalAnswer>(`/api/companies/${companyId}/goals/${goalId}`, body);
}

export async function deleteGoal(client: ApiClient, companyId: number, goalId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/goals/${goalId}`);
}
