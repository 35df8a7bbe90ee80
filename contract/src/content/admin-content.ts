import { type Static, Type } from '@sinclair/typebox';
import { Nullable, Timestamp } from '../common';
import { limits } from '../limits';
import { ContentPage, ContentPageQuery } from './public-site';

// The admin's blog editor and newsletter list (docs/api.md "Admin: blog posts and subscribers"): admin token only.

export const BLOG_TITLE_MAX = 200;
export const BLOG_EXCERPT_MAX = 500;
export const BLOG_MARKDOWN_MAX = 100_000;
export const BLOG_SLUG_MAX = 200;
/** A slug: lower-case letters and digits in groups joined by single hyphens (`reading-your-sources`). */
export const BLOG_SLUG_PATTERN = '^[a-z0-9]+(?:-[a-z0-9]+)*$';

export const BlogPostStatus = Type.Union([Type.Literal('draft'), Type.Literal('published')]);
export type BlogPostStatus = Static<typeof BlogPostStatus>;

/** A blog post as the editor sees it: drafts included, with its Markdown source. */
export const AdminBlogPost = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  excerpt: Type.String(),
  body_markdown: Type.String(),
  /** The Markdown rendered and sanitized when the post was saved: what visitors get. */
  body_html: Type.String(),
  cover_url: Nullable(Type.String()),
  status: BlogPostStatus,
  /** Null for a draft. */
  published_at: Nullable(Timestamp),
  author: Type.String(),
  /** The admin who wrote it; null once that admin is deleted, or for the demo's posts. */
  author_id: Nullable(Type.Integer()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type AdminBlogPost = Static<typeof AdminBlogPost>;

export const AdminBlogPostAnswer = Type.Object({ data: AdminBlogPost });
export type AdminBlogPostAnswer = Static<typeof AdminBlogPostAnswer>;

/** `GET /api/admin/blogs`: every post, the latest updated first. */
export const AdminBlogPostListAnswer = ContentPage(AdminBlogPost);
export type AdminBlogPostListAnswer = Static<typeof AdminBlogPostListAnswer>;

const Title = Type.String({ minLength: 1, maxLength: BLOG_TITLE_MAX });
/** Plain text; when absent on creation, the first ~200 characters of the post's text. */
const Excerpt = Type.String({ maxLength: BLOG_EXCERPT_MAX });
const BodyMarkdown = Type.String({ minLength: 1, maxLength: BLOG_MARKDOWN_MAX });
const NullableUrl = Nullable(Type.String({ format: 'http-url', maxLength: limits.websiteMax }));
/**
 * An http(s) URL, or null for no cover. Validated as one schema with two types rather than a union, so that
 * a bad URL is reported as one ("must be a valid URL") rather than as a failed choice between two; typed as
 * the union it is equivalent to, which the route type provider understands.
 */
const CoverUrl = Type.Unsafe<string | null>({
  type: ['string', 'null'],
  format: 'http-url',
  maxLength: limits.websiteMax,
}) as unknown as typeof NullableUrl;
const Slug = Type.String({ minLength: 1, maxLength: BLOG_SLUG_MAX, pattern: BLOG_SLUG_PATTERN });

/** `POST /api/admin/blogs`. A missing slug is made from the title (`-2`, `-3`… when taken). */
export const AdminBlogPostCreateBody = Type.Object({
  title: Title,
  excerpt: Type.Optional(Excerpt),
  body_markdown: BodyMarkdown,
  cover_url: Type.Optional(CoverUrl),
  /** True publishes at once; false keeps a draft. */
  published: Type.Boolean(),
  slug: Type.Optional(Slug),
});
export type AdminBlogPostCreateBody = Static<typeof AdminBlogPostCreateBody>;

/**
 * `PATCH /api/admin/blogs/{id}`: absent fields keep their value. `published: true` publishes a draft now
 * (a published post keeps its date); `false` makes it a draft again. `cover_url: null` removes the cover.
 */
export const AdminBlogPostUpdateBody = Type.Object({
  title: Type.Optional(Title),
  excerpt: Type.Optional(Excerpt),
  body_markdown: Type.Optional(BodyMarkdown),
  cover_url: Type.Optional(CoverUrl),
  published: Type.Optional(Type.Boolean()),
  slug: Type.Optional(Slug),
});
export type AdminBlogPostUpdateBody = Static<typeof AdminBlogPostUpdateBody>;

/** `POST /api/admin/blogs/preview`: the editor's preview, rendered by the code that renders on save. */
export const BlogPreviewBody = Type.Object({ body_markdown: BodyMarkdown });
export type BlogPreviewBody = Static<typeof BlogPreviewBody>;

export const BlogPreviewAnswer = Type.Object({ data: Type.Object({ body_html: Type.String() }) });
export type BlogPreviewAnswer = Static<typeof BlogPreviewAnswer>;

/** A newsletter address. */
export const AdminSubscriber = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  created_at: Timestamp,
});
export type AdminSubscriber = Static<typeof AdminSubscriber>;

/** `GET /api/admin/subscribers?q=`: `q` is a case-insensitive substring of the address. */
export const AdminSubscriberQuery = Type.Composite([
  ContentPageQuery,
  Type.Object({ q: Type.Optional(Type.String({ maxLength: 255 })) }),
]);
export type AdminSubscriberQuery = Static<typeof AdminSubscriberQuery>;

/** Newest first. */
export const AdminSubscriberListAnswer = ContentPage(AdminSubscriber);
export type AdminSubscriberListAnswer = Static<typeof AdminSubscriberListAnswer>;
