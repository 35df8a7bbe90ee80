import type { Goal } from '@footfall/contract';

/**
 * What a goal counts, in words: `Event “signup” with plan = pro`, `Event “purchase”, revenue in EUR`,
 * `Pageview of /docs/**`.
 */
export function goalSummary(
  goal: Pick<Goal, 'kind' | 'event_name' | 'page_path' | 'prop'> & Partial<Pick<Goal, 'revenue_currency'>>,
): string {
  if (goal.kind === 'page') return `Pageview of ${goal.page_path}`;
  const prop = goal.prop ? ` with ${goal.prop.key} = ${goal.prop.value}` : '';
  const revenue = goal.revenue_currency ? `, revenue in ${goal.revenue_currency}` : '';
  return `Event “${goal.event_name}”${prop}${revenue}`;
}
