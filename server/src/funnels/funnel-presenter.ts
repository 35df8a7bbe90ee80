import type { Funnel } from '@footfall/contract';
import type { Funnel as FunnelRow } from '@footfall/db';

export function presentFunnel(funnel: FunnelRow): Funnel {
  return {
    id: funnel.id,
    name: funnel.name,
    steps: funnel.steps,
    created_at: funnel.createdAt.toISOString(),
  };
}
