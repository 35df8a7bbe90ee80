import { and, count, desc, eq, isNotNull, like, lte, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { BlogPost, NewBlogPost } from '../../schema/types';
import { required } from '../required';
import { offsetOf, type Page, type PageRequest } from './paging';

/** What a post's editor may change; the author and creation time stay as they were. */
export type BlogPostChanges = Partial<Omit<NewBlogPost, 'id' | 'authorId' | 'authorName' | 'createdAt'>>;

export type BlogPostsRepository = ReturnType<typeof createBlogPostsRepository>;

export function createBlogPostsRepository(db: Db) {
  const { blogPosts } = db.schema;
  // A post is public from its publication time on; a draft has none.
  const isPublished = (now: Date) => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, now));

  async function page(where: SQL | undefined, order: SQL[], request: PageRequest): Promise<Page<BlogPost>> {
    const [rows, [counted]] = await Promise.all([
      db.orm
        .select()
        .from(blogPosts)
        .where(where)
        .orderBy(...order)
        .limit(request.perPage)
        .offset(offsetOf(request)),
      db.orm.select({ total: count() }).from(blogPosts).where(where),
    ]);
    return { rows, total: Number(counted?.total ?? 0) };
  }

  return {
    /** Posts published by `now`, newest first. */
    async listPublished(now: Date, request: PageRequest): Promise<Page<BlogPost>> {
      return page(isPublished(now), [desc(blogPosts.publishedAt), desc(blogPosts.id)], request);
    },

    async findPublished(id: number, now: Date): Promise<BlogPost | undefined> {
      const [post] = await db.orm
        .select()
        .from(blogPosts)
        .where(and(eq(blogPosts.id, id), isPublished(now)));
      return post;
    },

    /** Every post, drafts included, the latest updated first. */
    async list(request: PageRequest): Promise<Page<BlogPost>> {
      return page(undefined, [desc(blogPosts.updatedAt), desc(blogPosts.id)], request);
    },

    async findById(id: number): Promise<BlogPost | undefined> {
      const [post] = await db.orm.select().from(blogPosts).where(eq(blogPosts.id, id));
      return post;
    },

    async count(): Promise<number> {
      const [row] = await db.orm.select({ posts: count() }).from(blogPosts);
      return Number(row?.posts ?? 0);
    },

    /** The slugs in use that are `base` or `base-…`: what a new slug made from `base` must avoid. */
    async slugsLike(base: string): Promise<string[]> {
      // Slugs hold only a-z, 0-9 and hyphens, none of which LIKE treats specially.
      const rows = await db.orm
        .select({ slug: blogPosts.slug })
        .from(blogPosts)
        .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, `${base}-%`)));
      return rows.map((row) => row.slug);
    },

    /** Throws a unique violation (`isUniqueViolation`) when the slug is taken. */
    async create(input: NewBlogPost): Promise<BlogPost> {
      const [post] = await db.orm.insert(blogPosts).values(input).returning();
      return required(post, 'the new blog post');
    },

    /** The changed post, or undefined when there is none; throws a unique violation for a taken slug. */
    async update(id: number, changes: BlogPostChanges): Promise<BlogPost | undefined> {
      const [post] = await db.orm.update(blogPosts).set(changes).where(eq(blogPosts.id, id)).returning();
      return post;
    },

    /** False when there is no such post. */
    async delete(id: number): Promise<boolean> {
      const deleted = await db.orm
        .delete(blogPosts)
        .where(eq(blogPosts.id, id))
        .returning({ id: blogPosts.id });
      return deleted.length > 0;
    },
  };
}
