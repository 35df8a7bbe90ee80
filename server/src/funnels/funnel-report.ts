import type { FunnelReport } from '@footfall/contract';
import type { AnalyticsContext } from '../analytics/context';
import { type AnalyticsCompany, companyGoals, periodDays } from '../analytics/detail';
import { percentOneDecimal } from '../analytics/present';
import type { AnalyticsRequest } from '../analytics/query';
import { fieldError } from '../errors';
import { addFunnel } from '../storage/day-stats';

/** A saved funnel: its name and its steps' goal ids, in order. */
export interface FunnelDefinition {
  id: number;
  name: string;
  steps: readonly number[];
}

/**
 * `GET /api/companies/{id}/funnels/{funnel_id}/report` (docs/api.md "Funnels"): the visitors reaching each step
 * over the detail's period and filters, the drop-off between steps and the whole funnel's conversion rate.
 * `request` is the detail's query, already read (`parseAnalyticsQuery`); a comparison is never counted.
 */
export async function funnelReport(
  app: AnalyticsContext,
  company: AnalyticsCompany,
  funnel: FunnelDefinition,
  query: AnalyticsRequest,
): Promise<FunnelReport> {
  const request = { ...query, compare: false };
  const goals = await companyGoals(app, company.id, request.filters);
  const steps = funnel.steps.map((id) => goals.findIndex((goal) => goal.id === id));
  // Deleting a goal deletes the funnels that use it: a missing step is a funnel changed meanwhile.
  if (steps.some((index) => index < 0))
    throw fieldError('steps', 'A step of this funnel is no longer a goal.');
  const { period, days } = await periodDays(app, company, request, app.now().getTime(), {
    goals,
    funnel: steps,
    conversionsOnly: true,
    countGoals: false,
  });
  const visitors: number[] = [];
  for (const day of days) addFunnel(visitors, day.funnel);
  const reached = steps.map((_, index) => visitors[index] ?? 0);
  return {
    funnel_id: funnel.id,
    name: funnel.name,
    range: { from: period.from, to: period.to },
    steps: reached.map((count, index) => {
      const before = index === 0 ? count : (reached[index - 1] as number);
      const goal = goals[steps[index] as number];
      return {
        goal_id: goal?.id ?? 0,
        name: goal?.name ?? '',
        visitors: count,
        dropoff: before - count,
        dropoff_rate: percentOneDecimal(before - count, before),
      };
    }),
    conversion_rate: percentOneDecimal(reached.at(-1) ?? 0, reached[0] ?? 0),
  };
}
