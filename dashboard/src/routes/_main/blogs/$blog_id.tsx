import { createFileRoute, notFound } from '@tanstack/react-router';
import { ApiError } from '../../../api/api-error';
import { getBlogPost } from '../../../api/public-site';
import { http } from '../../../app/services';
import { lazyScreen } from '../../../lib/routing/lazy-screen';
import { parseId } from '../../../lib/routing/route-params';

export const Route = createFileRoute('/_main/blogs/$blog_id')({
  params: {
    parse: ({ blog_id }: { blog_id: string }) => ({ blog_id: parseId(blog_id) }),
    stringify: ({ blog_id }: { blog_id: number }) => ({ blog_id: String(blog_id) }),
  },
  loader: async ({ params, abortController }) => {
    try {
      const answer = await getBlogPost(http, params.blog_id, { signal: abortController.signal });
      return answer.data;
    } catch (error) {
      // A draft or a deleted post is no page: the not-found page says so, in the layout.
      if (error instanceof ApiError && error.status === 404) throw notFound();
      throw error;
    }
  },
  component: lazyScreen(() => import('../../../screens/blog/blog-post')),
});
