import { createFileRoute } from '@tanstack/react-router';
import { getAdminBlogPost } from '../../../../../api/admin-content';
import { http } from '../../../../../app/services';
import { lazyScreen } from '../../../../../lib/routing/lazy-screen';
import { parseId } from '../../../../../lib/routing/route-params';

export const Route = createFileRoute('/_main/_admin/admin/blogs/$blog_id')({
  params: {
    parse: ({ blog_id }: { blog_id: string }) => ({ blog_id: parseId(blog_id) }),
    stringify: ({ blog_id }: { blog_id: number }) => ({ blog_id: String(blog_id) }),
  },
  loader: async ({ params, abortController }) => {
    const answer = await getAdminBlogPost(http, params.blog_id, { signal: abortController.signal });
    return answer.data;
  },
  component: lazyScreen(() => import('../../../../../screens/admin/blog-edit')),
});
