import type { Db } from '../create-db';
import { createBlogPostsRepository } from './content-blog-posts';
import { createListingsRepository } from './content-listings';
import { createSubscribersRepository } from './content-subscribers';

export type { BlogPostChanges, BlogPostsRepository } from './content-blog-posts';
export type { ListingsRepository } from './content-listings';
export type { Page, PageRequest } from './content-paging';
export type { SubscribersRepository } from './content-subscribers';

export type ContentRepository = ReturnType<typeof createContentRepository>;

/** The public site's content: blog posts, the directory of listed companies, newsletter subscribers. */
export function createContentRepository(db: Db) {
  return {
    blogPosts: createBlogPostsRepository(db),
    listings: createListingsRepository(db),
    subscribers: createSubscribersRepository(db),
  };
}
