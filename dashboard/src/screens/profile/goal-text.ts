import type { Goal } from '@footfall/contract';

/** What a goal counts, in words: `Event “signup” with plan = pro`, `Pageview of /docs/**`. */
export function goalSummary(goal: Pick<Goal, 'kind' | 'event_name' | 'page_path' | 'prop'>): string {
  if (goal.kind === 'page') return `Pageview of ${goal.page_path}`;
  const prop = goal.prop ? ` with ${goal.prop.key} = ${goal.prop.value}` : '';
  return `Event “${goal.event_name}”${prop}`;
}
