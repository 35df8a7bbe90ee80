import type { Db } from '../../create-db';
import { createBlogPostsRepository } from './blog-posts';
import { createListingsRepository } from './listings';
import { createSubscribersRepository } from './subscribers';

export type { BlogPostChanges, BlogPostsRepository } from './blog-posts';
export type { ListingsRepository } from './listings';
export type { Page, PageRequest } from './paging';
export type { SubscribersRepository } from './subscribers';

export type ContentRepository = ReturnType<typeof createContentRepository>;

/** The public site's content: blog posts, the directory of listed companies, newsletter subscribers. */
export function createContentRepository(db: Db) {
  return {
    blogPosts: createBlogPostsRepository(db),
    listings: createListingsRepository(db),
    subscribers: createSubscribersRepository(db),
  };
}
