import { CONTENT_PER_PAGE_DEFAULT, type ContentPageMeta, type ContentPageQuery } from '@footfall/contract';

/** What the repositories take: `page` counts from 1. */
export interface PageRequest {
  page: number;
  perPage: number;
}

export function pageRequest(query: ContentPageQuery): PageRequest {
  return { page: query.page ?? 1, perPage: query.per_page ?? CONTENT_PER_PAGE_DEFAULT };
}

export function pageMeta(request: PageRequest, total: number): ContentPageMeta {
  return { page: request.page, per_page: request.perPage, total };
}
