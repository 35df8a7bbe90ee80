// The search params of the paged lists (the directory, the blog, the admin's lists): `page` from 1, and a
// search `q`. Values arrive as URL text, or as numbers when the app navigates with them.

export interface PageSearch {
  page?: number;
}

export interface QuerySearch extends PageSearch {
  q?: string;
}

/** The longest directory search the server takes (API: `q` up to 100 characters). */
export const DIRECTORY_QUERY_MAX = 100;
const MAX_PAGE = 2 ** 31 - 1;

/** `page` when it is a whole number from 2 up (page 1 is the URL without it). */
export function validatePageSearch(raw: Record<string, unknown>): PageSearch {
  const text = typeof raw.page === 'string' || typeof raw.page === 'number' ? String(raw.page) : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return {};
  const page = Number(text);
  return page > 1 && page <= MAX_PAGE ? { page } : {};
}

/** `page` as above, and `q` trimmed and cut at `maxLength` when it has something to search for. */
export function validateQuerySearch(raw: Record<string, unknown>, maxLength: number): QuerySearch {
  const q = typeof raw.q === 'string' ? raw.q.trim().slice(0, maxLength) : '';
  return { ...(q ? { q } : {}), ...validatePageSearch(raw) };
}

/** The directory's search on `/home`. */
export function validateDirectorySearch(raw: Record<string, unknown>): QuerySearch {
  return validateQuerySearch(raw, DIRECTORY_QUERY_MAX);
}

/** How many pages `total` rows fill, at least one (an empty list still has its first page). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
