import { type QuerySearch, validatePageSearch, validateQuerySearch } from '../../lib/routing/page-search';

// The search params of the admin's paged lists (docs/api.md "Admin: overview, companies, listings and users": `page` from 1, `q` a search), validated once
// at the route and again in its loader, since the router merges the URL's raw parameters into every search.

export type PagedSearch = QuerySearch;

/** The rows a page of an admin list holds (the API's default is 20, at most 100). */
export const ADMIN_PER_PAGE = 20;
/** Longer searches are cut (the admin lists take at most 200 characters, API contract `ADMIN_QUERY_MAX`). */
const MAX_QUERY = 200;

export function validatePagedSearch(raw: Record<string, unknown>): PagedSearch {
  return validateQuerySearch(raw, MAX_QUERY);
}

/** The query of a paged admin list request. */
export function pagedQuery(search: PagedSearch): { page: number; per_page: number; q?: string } {
  return { page: search.page ?? 1, per_page: ADMIN_PER_PAGE, ...(search.q ? { q: search.q } : {}) };
}

/** The search params of a list that pages but has no search (the blog posts). */
export { validatePageSearch };
