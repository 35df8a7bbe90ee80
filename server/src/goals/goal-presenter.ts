import type { Goal } from '@footfall/contract';
import type { Goal as GoalRow } from '@footfall/db';

export function presentGoal(goal: GoalRow): Goal {
  return {
    id: goal.id,
    name: goal.name,
    kind: goal.eventName === null ? 'page' : 'event',
    event_name: goal.eventName,
    page_path: goal.pagePath,
    prop:
      goal.propKey === null || goal.propValue === null ? null : { key: goal.propKey, value: goal.propValue },
    revenue_currency: goal.revenueCurrency,
    created_at: goal.createdAt.toISOString(),
  };
}
