import type { Goal } from '@footfall/db';
import type { AnalyticsContext } from '../analytics/context';
import { periodDays } from '../analytics/detail';
import { goalRows } from '../analytics/present';
import { parseAnalyticsQuery } from '../analytics/query';

/** What a goal rule counts: one of the company's goals, or the custom events of one name. */
export interface GoalTarget {
  company: { id: number; timezone: string };
  goalId: number | null;
  eventName: string | null;
}

/** A goal that is not stored: "custom events named `name`", counted the way a goal's are. */
function eventGoal(companyId: number, name: string): Goal {
  return {
    id: 0,
    companyId,
    name,
    eventName: name,
    pagePath: null,
    propKey: null,
    propValue: null,
    revenueCurrency: null,
    createdAt: new Date(0),
  };
}

/**
 * Today's conversions (the site's local day): the goal's matching events or pageviews as the detail's
 * `goals[].events` counts them (docs/api.md "Goals"), through the same analytics; null when the goal is gone.
 */
export async function conversionsToday(
  app: AnalyticsContext,
  target: GoalTarget,
  now: Date,
): Promise<number | null> {
  const goal =
    target.goalId !== null
      ? await app.repos.goals.find(target.company.id, target.goalId)
      : target.eventName !== null
        ? eventGoal(target.company.id, target.eventName)
        : undefined;
  if (!goal) return null;
  const request = parseAnalyticsQuery({ period: 'today' });
  const { days } = await periodDays(app, target.company, request, now.getTime(), { goals: [goal] });
  return goalRows([goal], days, null)[0]?.events ?? 0;
}
