import type { AnalyticsDetail, Breakdown } from '@footfall/contract';
import { Link } from '@tanstack/react-router';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import type { Query } from '../../api/client';
import { listGoals } from '../../api/goals';
import { analytics, http, sharedLinks } from '../../app/services';
import type { GoalName } from '../../lib/analytics/filter-fields';

// Where the analytics screens read their data: the signed-in endpoints of a company by default, or a shared
// link's (docs/api.md "Shared links"), which the share pages provide. The screens are the same; a shared
// source also makes them read-only, with no links out of the shared pages.

export interface AnalyticsSource {
  /** The analytics detail for a query, in the background of what the route has loaded. */
  detail(query: Query, options: { signal: AbortSignal; background?: boolean }): Promise<AnalyticsDetail>;
  /** The site's goals by name, which name goal filters. */
  goals(signal: AbortSignal): Promise<GoalName[]>;
  /** The property keys the site's goals ask for, offered by the Properties panel. */
  goalPropertyKeys(signal: AbortSignal): Promise<string[]>;
  /** Set on a shared link's pages: its token, which their links keep to. */
  sharedToken?: string;
}

function companySource(companyId: number): AnalyticsSource {
  const goalList = (signal: AbortSignal) => listGoals(http, companyId, { background: true, signal });
  return {
    detail: (query, options) =>
      analytics.fetchCompanyAnalytics(companyId, query, { ...options, store: false }),
    goals: async (signal) => (await goalList(signal)).data.map(({ id, name }) => ({ id, name })),
    goalPropertyKeys: async (signal) =>
      (await goalList(signal)).data.flatMap((goal) => (goal.prop ? [goal.prop.key] : [])),
  };
}

/**
 * A shared link's data: its detail alone, whose goal rows name every goal of the site. `onGone` hears that
 * the link stopped working (revoked or expired) while its page is open: a background refresh finds out first.
 */
export function sharedSource(token: string, onGone: () => void = () => undefined): AnalyticsSource {
  const detail = async (query: Query, options: { signal: AbortSignal; background?: boolean }) => {
    const answer = await sharedLinks.fetchDetail(token, query, options);
    if (answer === 'gone') onGone();
    if (typeof answer === 'string') throw new Error(`The shared link is ${answer}.`);
    return answer;
  };
  return {
    detail,
    goals: async (signal) =>
      (await detail({ period: 'today', limit: 1 }, { signal, background: true })).goals.map((goal) => ({
        id: goal.goal_id,
        name: goal.name,
      })),
    // Goal definitions are the site's settings, which a link does not open.
    goalPropertyKeys: async () => [],
    sharedToken: token,
  };
}

const SourceContext = createContext<AnalyticsSource | undefined>(undefined);

/** Gives the screens below another source than their company's signed-in endpoints. */
export function AnalyticsSourceProvider({
  source,
  children,
}: {
  source: AnalyticsSource;
  children: ReactNode;
}) {
  return <SourceContext.Provider value={source}>{children}</SourceContext.Provider>;
}

/** The source of the screen shown: the provided one, else the company's signed-in endpoints. */
export function useAnalyticsSource(companyId: number): AnalyticsSource {
  const provided = useContext(SourceContext);
  const own = useMemo(() => companySource(companyId), [companyId]);
  return provided ?? own;
}

/** Whether the screen shows a shared link: read-only, no settings, no links to the signed-in screens. */
export function useIsShared(): boolean {
  return useContext(SourceContext)?.sharedToken !== undefined;
}

/** A link to the detail screen's table of a breakdown, the period and filters kept; within a shared link's pages there. */
export function DetailsLink({
  companyId,
  breakdown,
  children,
}: {
  companyId: number;
  breakdown: Breakdown;
  children: ReactNode;
}) {
  const token = useContext(SourceContext)?.sharedToken;
  if (token !== undefined) {
    return (
      <Link
        className="panel-more small"
        to="/share/$token/detail"
        params={{ token }}
        search={true}
        hash={breakdown}
      >
        {children}
      </Link>
    );
  }
  return (
    <Link
      className="panel-more small"
      to="/dashboard/$company_id/detail"
      params={{ company_id: companyId }}
      search={true}
      hash={breakdown}
    >
      {children}
    </Link>
  );
}
