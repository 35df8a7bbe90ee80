import type { AdminPlanAnswer, AdminPlanListAnswer, AdminPlanUpdateBody } from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The plans' terms as admins edit them (docs/api.md "Admin: plans").

export function listAdminPlans(client: ApiClient, options?: CallOptions): Promise<AdminPlanListAnswer> {
  return client.get<AdminPlanListAnswer>('/api/admin/plans', options);
}

export function updateAdminPlan(
  client: ApiClient,
  planId: number,
  body: AdminPlanUpdateBody,
): Promise<AdminPlanAnswer> {
  return client.patch<AdminPlanAnswer>(`/api/admin/plans/${planId}`, body);
}
