import { useEffect, useState } from 'react';
import type { GoalName } from '../../../lib/analytics/filter-fields';
import { useAnalyticsSource } from '../analytics-source';

/**
 * The site's goals, which name the values of goal filters and which the filter editor offers; fetched in
 * the background once `wanted` (a goal filter is shown, or the editor opened), so a dashboard without
 * either asks for nothing more. Undefined until they arrive, and if they cannot be read.
 */
export function useGoals(companyId: number, wanted: boolean): GoalName[] | undefined {
  const [goals, setGoals] = useState<{ companyId: number; list: GoalName[] } | undefined>();
  const loaded = goals?.companyId === companyId;
  const source = useAnalyticsSource(companyId);
  useEffect(() => {
    if (!wanted || loaded) return;
    const controller = new AbortController();
    source
      .goals(controller.signal)
      .then((list) => setGoals({ companyId, list }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [companyId, source, wanted, loaded]);
  return loaded ? goals.list : undefined;
}
