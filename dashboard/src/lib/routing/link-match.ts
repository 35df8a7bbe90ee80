/**
 * The router marks every link whose path starts the current one as the current page (`aria-current`), so a
 * link to `/dashboard/1` would be current on `/dashboard/1/detail` too. Tabs and breadcrumbs match exactly,
 * whatever the search params, so that one item alone is current.
 */
export const EXACT_MATCH = { exact: true, includeSearch: false } as const;
