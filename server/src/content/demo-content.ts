import type { Repositories } from '@footfall/db';
import { insertPost } from './blog-editor';
import { DEMO_POSTS } from './demo-content-posts';
import { renderPostBody } from './post-body';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The demo posts are credited to the product, not to an admin account. */
export const DEMO_AUTHOR = 'The Footfall team';

/**
 * Gives the public site's blog three published posts when it has no post at all; a blog with any post,
 * draft or published, is left alone, so calling it again adds nothing. Answers how many posts it created.
 */
export async function seedDemoContent(repos: Repositories, now: Date): Promise<number> {
  const blogPosts = repos.content.blogPosts;
  if ((await blogPosts.count()) > 0) return 0;
  for (const demo of DEMO_POSTS) {
    const { bodyHtml, derivedExcerpt } = renderPostBody(demo.markdown);
    const publishedAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    await insertPost(blogPosts, {
      title: demo.title,
      excerpt: derivedExcerpt,
      bodyMarkdown: demo.markdown,
      bodyHtml,
      coverUrl: null,
      authorId: null,
      authorName: DEMO_AUTHOR,
      publishedAt,
      createdAt: publishedAt,
      updatedAt: publishedAt,
    });
  }
  return DEMO_POSTS.length;
}
