// The search params of the admin's paged lists (API.md §9: `page` from 1, `q` a search), validated once
// at the route and again in its loader, since the router merges the URL's raw parameters into every search.

export interface PagedSearch {
  page?: number;
  q?: string;
}

/** The rows a page of an admin list holds (the API's default is 20, at most 100). */
export const ADMIN_PER_PAGE = 20;
const MAX_PAGE = 2 ** 31 - 1;
/** Longer searches are cut (the admin lists take at most 200 characters, API contract `ADMIN_QUERY_MAX`). */
const MAX_QUERY = 200;

export function validatePagedSearch(raw: Record<string, unknown>): PagedSearch {
  const search: PagedSearch = {};
  const page = typeof raw.page === 'string' || typeof raw.page === 'number' ? String(raw.page) : '';
  if (/^[1-9]\d{0,9}$/.test(page) && Number(page) <= MAX_PAGE && Number(page) > 1) search.page = Number(page);
  const q = typeof raw.q === 'string' ? raw.q.trim().slice(0, MAX_QUERY) : '';
  if (q) search.q = q;
  return search;
}

/** The query of a paged admin list request. */
export function pagedQuery(search: PagedSearch): { page: number; per_page: number; q?: string } {
  return { page: search.page ?? 1, per_page: ADMIN_PER_PAGE, ...(search.q ? { q: search.q } : {}) };
}

/** The search params of a list that pages but has no search (the blog posts). */
export function validatePageSearch(raw: Record<string, unknown>): Pick<PagedSearch, 'page'> {
  const { page } = validatePagedSearch(raw);
  return page ? { page } : {};
}
