import { ADMIN_PER_PAGE_DEFAULT, type AdminPageMeta, type AdminPageQuery } from '@footfall/contract';

/** A page of an admin list: where it starts in the list, and its meta for the answer. */
export interface AdminPage {
  offset: number;
  limit: number;
  meta(total: number): AdminPageMeta;
}

/** `page` (from 1) and `per_page` (default 20, already capped at 100 by the schema) as a window. */
export function adminPage(query: AdminPageQuery): AdminPage {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? ADMIN_PER_PAGE_DEFAULT;
  return {
    offset: (page - 1) * perPage,
    limit: perPage,
    meta: (total) => ({ page, per_page: perPage, total }),
  };
}
