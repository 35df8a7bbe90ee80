import { createRepositories } from '@footfall/db';
import { createTestDb, type TestDb } from '@footfall/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_AUTHOR, seedDemoContent } from './demo-content';

describe('seedDemoContent', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb.cleanup();
  });
  const now = new Date('2026-06-01T12:00:00.000Z');

  it('publishes three posts by the Footfall team on an empty blog, then adds nothing', async () => {
    const repos = createRepositories(testDb.db);
    expect(await seedDemoContent(repos, now)).toBe(3);
    expect(await seedDemoContent(repos, now)).toBe(0);
    expect(await repos.content.blogPosts.count()).toBe(3);

    const { rows } = await repos.content.blogPosts.listPublished(now, { page: 1, perPage: 10 });
    expect(rows.map((post) => [post.slug, post.authorName, post.authorId])).toEqual([
      ['installing-the-snippet-on-a-single-page-app', DEMO_AUTHOR, null],
      ['reading-your-sources-report', DEMO_AUTHOR, null],
      ['why-footfall-sets-no-cookies', DEMO_AUTHOR, null],
    ]);
    for (const post of rows) {
      expect(post.publishedAt?.getTime()).toBeLessThan(now.getTime());
      expect(post.bodyHtml).toContain('<h2>');
      expect(post.bodyHtml).toMatch(/<ul>|<ol>/);
      expect(post.excerpt.length).toBeGreaterThan(50);
      expect(post.excerpt.length).toBeLessThanOrEqual(201);
    }
    expect(rows.some((post) => post.bodyHtml.includes('<pre><code'))).toBe(true);
  });

  it('leaves a blog that already has a post, even a draft, alone', async () => {
    const other = await createTestDb();
    try {
      const repos = createRepositories(other.db);
      await repos.content.blogPosts.create({
        slug: 'draft',
        title: 'Draft',
        excerpt: '',
        bodyMarkdown: 'x',
        bodyHtml: '<p>x</p>',
        authorName: 'Admin',
        publishedAt: null,
      });
      expect(await seedDemoContent(repos, now)).toBe(0);
      expect(await repos.content.blogPosts.count()).toBe(1);
    } finally {
      await other.cleanup();
    }
  });
});
