import { BlogEditor } from './blog-editor';

/** `/admin/blogs/new`: an empty editor; the first save creates the post. */
export default function NewBlogPost() {
  return <BlogEditor />;
}
