import type { AdminBlogPost, PublicBlogPost } from '@footfall/contract';
import type { BlogPost } from '@footfall/db';

/** A published post as visitors see it (docs/api.md "Public site: blog, directory, newsletter"); only call it for a post with a publication time. */
export function presentPublicBlogPost(post: BlogPost): PublicBlogPost {
  if (!post.publishedAt) throw new Error(`Blog post ${post.id} is a draft; drafts are never public.`);
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    body_html: post.bodyHtml,
    cover_url: post.coverUrl,
    published_at: post.publishedAt.toISOString(),
    author: post.authorName,
  };
}

/** A post as the editor sees it: drafts too, with the Markdown source. */
export function presentAdminBlogPost(post: BlogPost): AdminBlogPost {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    body_markdown: post.bodyMarkdown,
    body_html: post.bodyHtml,
    cover_url: post.coverUrl,
    status: post.publishedAt ? 'published' : 'draft',
    published_at: post.publishedAt?.toISOString() ?? null,
    author: post.authorName,
    author_id: post.authorId,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}
