// What a route's loader asks for and its screen shows alike. They live here, not in the route files, because
// a screen importing its own route file closes an import cycle (route → lazy screen → route).

/** Listings a directory page shows. */
export const DIRECTORY_PER_PAGE = 12;

/** Posts a blog page shows. */
export const BLOG_PER_PAGE = 10;

/** The days the admin overview's charts can cover; 30 unless the URL says otherwise. */
export const OVERVIEW_DAYS = [7, 30, 90] as const;
export type OverviewDays = (typeof OVERVIEW_DAYS)[number];
export const DEFAULT_OVERVIEW_DAYS: OverviewDays = 30;
