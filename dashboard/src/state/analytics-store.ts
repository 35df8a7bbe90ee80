import type { AnalyticsDetail } from '@footfall/contract';
import { Store } from '@tanstack/react-store';

/** docs/architecture.md "The dashboard": the company analytics state, an empty object until a detail answer has been stored. */
export interface AnalyticsState {
  company_analytic: AnalyticsDetail | Record<string, never>;
}

export type AnalyticsStore = Store<AnalyticsState>;

export function createAnalyticsStore(): AnalyticsStore {
  return new Store<AnalyticsState>({ company_analytic: {} });
}

/** The stored detail, or undefined while the state is empty. */
export function storedAnalytics(state: AnalyticsState): AnalyticsDetail | undefined {
  return 'summary' in state.company_analytic ? (state.company_analytic as AnalyticsDetail) : undefined;
}
