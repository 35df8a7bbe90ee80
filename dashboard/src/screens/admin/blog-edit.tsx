import { getRouteApi } from '@tanstack/react-router';
import { BlogEditor } from './blog-editor';

const route = getRouteApi('/_main/_admin/admin/blogs/$blog_id');

/** `/admin/blogs/{id}`: the editor over a saved post. */
export default function EditBlogPost() {
  const post = route.useLoaderData();
  // Another post (or the same one loaded again) starts a fresh form.
  return <BlogEditor key={`${post.id}-${post.updated_at}`} post={post} />;
}
