// The search params of the public paged lists (`/home`, `/blogs`): `page` from 1, and the directory's `q`.

export interface PageSearch {
  page?: number;
}

export interface DirectorySearch extends PageSearch {
  q?: string;
}

/** The longest directory search the server takes (API: `q` up to 100 characters). */
export const DIRECTORY_QUERY_MAX = 100;

/** `page` when it is a whole number from 2 up (page 1 is the URL without it). */
export function validatePageSearch(raw: Record<string, unknown>): PageSearch {
  const page = typeof raw.page === 'string' && /^[1-9]\d{0,8}$/.test(raw.page) ? Number(raw.page) : undefined;
  return page !== undefined && page > 1 ? { page } : {};
}

/** `page` as above, and `q` trimmed when it has something to search for. */
export function validateDirectorySearch(raw: Record<string, unknown>): DirectorySearch {
  const q = typeof raw.q === 'string' ? raw.q.trim().slice(0, DIRECTORY_QUERY_MAX) : '';
  return { ...(q ? { q } : {}), ...validatePageSearch(raw) };
}

/** How many pages `total` rows fill, at least one (an empty list still has its first page). */
export function pageCount(total: number, perPage: number): number {
  return Math.max(1, Math.ceil(total / perPage));
}
