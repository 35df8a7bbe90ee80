import type { GoalListAnswer } from '@footfall/contract';
import { useEffect, useState } from 'react';
import { http } from '../../../app/services';
import type { GoalName } from '../../../lib/filter-fields';

/**
 * The site's goals, which name the values of goal filters and which the filter editor offers; fetched in
 * the background once `wanted` (a goal filter is shown, or the editor opened), so a dashboard without
 * either asks for nothing more. Undefined until they arrive, and if they cannot be read.
 */
export function useGoals(companyId: number, wanted: boolean): GoalName[] | undefined {
  const [goals, setGoals] = useState<{ companyId: number; list: GoalName[] } | undefined>();
  const loaded = goals?.companyId === companyId;
  useEffect(() => {
    if (!wanted || loaded) return;
    const controller = new AbortController();
    http
      .get<GoalListAnswer>(`/api/companies/${companyId}/goals`, {
        background: true,
        signal: controller.signal,
      })
      .then(({ data }) => setGoals({ companyId, list: data.map(({ id, name }) => ({ id, name })) }))
      .catch(() => undefined);
    return () => controller.abort();
  }, [companyId, wanted, loaded]);
  return loaded ? goals.list : undefined;
}
