import {
  ContentPageQuery,
  IdParams,
  PublicBlogPostAnswer,
  PublicBlogPostListAnswer,
} from '@footfall/contract';
import { notFound } from '../errors';
import type { App } from '../types';
import { presentPublicBlogPost } from './blog-post-presenter';
import { pageMeta, pageRequest } from './paging';

/** `GET /api/blogs` and `GET /api/blogs/{id}`: published posts only; a draft is as absent as no post. */
export async function publicBlogRoutes(app: App): Promise<void> {
  app.get(
    '/api/blogs',
    {
      schema: {
        tags: ['Public'],
        querystring: ContentPageQuery,
        response: { 200: PublicBlogPostListAnswer },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await app.repos.content.blogPosts.listPublished(app.now(), page);
      return { data: rows.map(presentPublicBlogPost), meta: pageMeta(page, total) };
    },
  );

  app.get(
    '/api/blogs/:id',
    { schema: { tags: ['Public'], params: IdParams, response: { 200: PublicBlogPostAnswer } } },
    async (request) => {
      const post = await app.repos.content.blogPosts.findPublished(request.params.id, app.now());
      if (!post) throw notFound();
      return { data: presentPublicBlogPost(post) };
    },
  );
}
