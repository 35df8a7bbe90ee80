import type { AdminBlogPostCreateBody, AdminBlogPostUpdateBody } from '@footfall/contract';
import { type BlogPost, isUniqueViolation, type NewBlogPost, type Repositories } from '@footfall/db';
import { fieldError } from '../errors';
import { excerptOf } from './excerpt';
import { lexMarkdown } from './markdown';
import { renderPostBody } from './post-body';
import { firstFreeSlug, slugify } from './slug';

type BlogPosts = Repositories['content']['blogPosts'];

/** Who a post is credited to: an admin, or nobody for the demo's posts. */
export interface PostAuthor {
  id: number | null;
  name: string;
}

/** Two editors saving the same title at once may pick the same slug; the loser picks again. */
const SLUG_ATTEMPTS = 5;

const slugTaken = () => fieldError('slug', 'The slug has already been taken.');

/**
 * Inserts a post under `slug` when given (a taken one is 422 on `slug`), else under a slug made from its
 * title, with `-2`, `-3`… when that is taken.
 */
export async function insertPost(
  blogPosts: BlogPosts,
  post: Omit<NewBlogPost, 'slug'>,
  slug?: string,
): Promise<BlogPost> {
  if (slug !== undefined) {
    try {
      return await blogPosts.create({ ...post, slug });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken();
      throw error;
    }
  }
  const base = slugify(post.title);
  for (let attempt = 1; ; attempt++) {
    const free = firstFreeSlug(base, await blogPosts.slugsLike(base));
    try {
      return await blogPosts.create({ ...post, slug: free });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= SLUG_ATTEMPTS) throw error;
    }
  }
}

/** `POST /api/admin/blogs`: renders the Markdown once, now, and stores the HTML with it. */
export async function createPost(
  blogPosts: BlogPosts,
  body: AdminBlogPostCreateBody,
  author: PostAuthor,
  now: Date,
): Promise<BlogPost> {
  const { bodyHtml, derivedExcerpt } = renderPostBody(body.body_markdown);
  const post = {
    title: body.title,
    excerpt: body.excerpt ?? derivedExcerpt,
    bodyMarkdown: body.body_markdown,
    bodyHtml,
    coverUrl: body.cover_url ?? null,
    authorId: author.id,
    authorName: author.name,
    publishedAt: body.published ? now : null,
    createdAt: now,
    updatedAt: now,
  };
  return insertPost(blogPosts, post, body.slug);
}

/** The changes a PATCH makes to the Markdown and what is derived from it. */
function bodyChanges(post: BlogPost, body: AdminBlogPostUpdateBody) {
  if (body.body_markdown === undefined) return body.excerpt === undefined ? {} : { excerpt: body.excerpt };
  const { bodyHtml, derivedExcerpt } = renderPostBody(body.body_markdown);
  // An excerpt that was made from the old text follows the new text; one the editor wrote stays.
  const wasDerived = post.excerpt === excerptOf(lexMarkdown(post.bodyMarkdown));
  const excerpt = body.excerpt ?? (wasDerived ? derivedExcerpt : post.excerpt);
  return { bodyMarkdown: body.body_markdown, bodyHtml, excerpt };
}

/** When the post is public after the PATCH: a draft published now, a published post keeps its date. */
function publishedAtAfter(post: BlogPost, published: boolean | undefined, now: Date): Date | null {
  if (published === undefined) return post.publishedAt;
  if (!published) return null;
  return post.publishedAt ?? now;
}

/** `PATCH /api/admin/blogs/{id}`: undefined when the post is gone. */
export async function updatePost(
  blogPosts: BlogPosts,
  post: BlogPost,
  body: AdminBlogPostUpdateBody,
  now: Date,
): Promise<BlogPost | undefined> {
  const changes = {
    ...bodyChanges(post, body),
    ...(body.title !== undefined && { title: body.title }),
    ...(body.cover_url !== undefined && { coverUrl: body.cover_url }),
    ...(body.slug !== undefined && { slug: body.slug }),
    publishedAt: publishedAtAfter(post, body.published, now),
    updatedAt: now,
  };
  try {
    return await blogPosts.update(post.id, changes);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken();
    throw error;
  }
}
