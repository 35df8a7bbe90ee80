import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { EmailQuery } from '../accounts/auth';
import { Nullable, SuccessMessage, Timestamp } from '../common';

// The public site's content (docs/api.md "Public site: blog, directory, newsletter"): the blog, the directory of listed companies and the footer's
// newsletter form. Names carry a prefix (`Content…`, `Public…`) so that they never clash with another
// module's exports through the index.

/** Rows a page holds unless `per_page` says otherwise, and the most it may ask for. */
export const CONTENT_PER_PAGE_DEFAULT = 20;
export const CONTENT_PER_PAGE_MAX = 100;
/** The longest directory search, in characters. */
export const LISTING_QUERY_MAX = 100;

/** `?page=&per_page=` of every paged list: `page` counts from 1. */
export const ContentPageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: CONTENT_PER_PAGE_MAX })),
});
export type ContentPageQuery = Static<typeof ContentPageQuery>;

/** Where a page sits: `total` counts every row of the list, on all pages. */
export const ContentPageMeta = Type.Object({
  page: Type.Integer(),
  per_page: Type.Integer(),
  total: Type.Integer(),
});
export type ContentPageMeta = Static<typeof ContentPageMeta>;

/** `{data:[…], meta}`: one page of a list. */
export const ContentPage = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), meta: ContentPageMeta });

/** A published blog post as visitors see it; `body_html` is rendered and sanitized when saved. */
export const PublicBlogPost = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  title: Type.String(),
  /** Plain text, for lists and link previews. */
  excerpt: Type.String(),
  body_html: Type.String(),
  cover_url: Nullable(Type.String()),
  published_at: Timestamp,
  /** The author's name as it was when the post was written. */
  author: Type.String(),
});
export type PublicBlogPost = Static<typeof PublicBlogPost>;

export const PublicBlogPostAnswer = Type.Object({ data: PublicBlogPost });
export type PublicBlogPostAnswer = Static<typeof PublicBlogPostAnswer>;

/** `GET /api/blogs`: published posts, newest first. */
export const PublicBlogPostListAnswer = ContentPage(PublicBlogPost);
export type PublicBlogPostListAnswer = Static<typeof PublicBlogPostListAnswer>;

/** `GET /api/listings?q=&page=&per_page=`. */
export const PublicListingQuery = Type.Composite([
  ContentPageQuery,
  Type.Object({
    /** A case-insensitive substring of the name, description, website or category; `%` and `_` are literal. */
    q: Type.Optional(Type.String({ maxLength: LISTING_QUERY_MAX })),
  }),
]);
export type PublicListingQuery = Static<typeof PublicListingQuery>;

/** A company of the public directory. */
export const PublicListing = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  website: Nullable(Type.String()),
  description: Nullable(Type.String()),
  logo_url: Nullable(Type.String()),
  category: Nullable(Type.String()),
  public_stats: Type.Boolean(),
  /** The key the public stats widget needs: present only when `public_stats` is true, else null. */
  tracking_key: Nullable(Type.String()),
  created_at: Timestamp,
});
export type PublicListing = Static<typeof PublicListing>;

export const PublicListingAnswer = Type.Object({ data: PublicListing });
export type PublicListingAnswer = Static<typeof PublicListingAnswer>;

/** `GET /api/listings`: listed companies that are not suspended, by name then id. */
export const PublicListingListAnswer = ContentPage(PublicListing);
export type PublicListingListAnswer = Static<typeof PublicListingListAnswer>;

/** `POST /api/subscribe`: the footer's newsletter form. */
export const SubscribeBody = Type.Object({ email: EmailQuery.properties.email });
export type SubscribeBody = Static<typeof SubscribeBody>;

/** The same answer whether the address is new or was already subscribed. */
export const SubscribeAnswer = SuccessMessage;
export type SubscribeAnswer = Static<typeof SubscribeAnswer>;
