import { describe, expect, it } from 'vitest';
import { at, registration, unique, useTestDb } from '../../../test/support/use-test-db';
import { isUniqueViolation } from '../../dialect';
import type { Company, NewBlogPost } from '../../schema/types';
import { containsPattern } from './paging';

const NOW = at('2026-06-01T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

function post(fields: Partial<NewBlogPost> = {}): NewBlogPost {
  return {
    slug: unique('post'),
    title: 'A post',
    excerpt: 'Short.',
    bodyMarkdown: 'Body',
    bodyHtml: '<p>Body</p>',
    authorName: 'The Footfall team',
    createdAt: daysAgo(30),
    updatedAt: daysAgo(30),
    ...fields,
  };
}

describe('containsPattern', () => {
  it('escapes LIKE wildcards and the escape character, and lower-cases', () => {
    expect(containsPattern('50%_Off\\')).toBe('%50\\%\\_off\\\\%');
  });
});

describe('the blog posts repository', () => {
  const t = useTestDb();
  const posts = () => t.repos.content.blogPosts;

  it('lists only posts published by now, newest first, with the total of every page', async () => {
    const old = await posts().create(post({ publishedAt: daysAgo(3) }));
    const recent = await posts().create(post({ publishedAt: daysAgo(1) }));
    const middle = await posts().create(post({ publishedAt: daysAgo(2) }));
    await posts().create(post({ publishedAt: null }));
    await posts().create(post({ publishedAt: new Date(NOW.getTime() + 60_000) }));

    const first = await posts().listPublished(NOW, { page: 1, perPage: 2 });
    expect(first.rows.map((row) => row.id)).toEqual([recent.id, middle.id]);
    expect(first.total).toBe(3);
    const second = await posts().listPublished(NOW, { page: 2, perPage: 2 });
    expect(second.rows.map((row) => row.id)).toEqual([old.id]);
    expect((await posts().listPublished(NOW, { page: 3, perPage: 2 })).rows).toEqual([]);
  });

  it('finds a published post by id, but not a draft nor one published later', async () => {
    const published = await posts().create(post({ publishedAt: daysAgo(1) }));
    const draft = await posts().create(post({ publishedAt: null }));
    const later = await posts().create(post({ publishedAt: new Date(NOW.getTime() + 1) }));
    expect((await posts().findPublished(published.id, NOW))?.slug).toBe(published.slug);
    expect(await posts().findPublished(draft.id, NOW)).toBeUndefined();
    expect(await posts().findPublished(later.id, NOW)).toBeUndefined();
    expect(await posts().findById(draft.id)).toEqual(draft);
  });

  it('lists every post for the editor, the latest updated first', async () => {
    const all = await posts().list({ page: 1, perPage: 100 });
    const updated = all.rows.map((row) => row.updatedAt.getTime());
    expect(updated).toEqual([...updated].sort((a, b) => b - a));
    expect(all.total).toBe(await posts().count());
    const touched = all.rows.at(-1);
    if (!touched) throw new Error('no posts');
    await posts().update(touched.id, { title: 'Edited', updatedAt: NOW });
    expect((await posts().list({ page: 1, perPage: 1 })).rows[0]?.title).toBe('Edited');
  });

  it('answers the slugs that a slug made from a base must avoid', async () => {
    const base = unique('reading').replace(/[^a-z0-9-]/g, '');
    await posts().create(post({ slug: base }));
    await posts().create(post({ slug: `${base}-2` }));
    await posts().create(post({ slug: `${base}x` }));
    expect((await posts().slugsLike(base)).sort()).toEqual([base, `${base}-2`]);
  });

  it('refuses a second post with the same slug, as a unique violation', async () => {
    const first = await posts().create(post());
    const error = await posts()
      .create(post({ slug: first.slug }))
      .catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('updates and deletes a post, and says when there is none', async () => {
    const created = await posts().create(post());
    const updated = await posts().update(created.id, { bodyHtml: '<p>New</p>', publishedAt: NOW });
    expect(updated).toMatchObject({ id: created.id, bodyHtml: '<p>New</p>', publishedAt: NOW });
    expect(await posts().update(2 ** 31 - 1, { title: 'x' })).toBeUndefined();
    expect(await posts().delete(created.id)).toBe(true);
    expect(await posts().delete(created.id)).toBe(false);
    expect(await posts().findById(created.id)).toBeUndefined();
  });
});

describe('the listings repository', () => {
  const t = useTestDb();
  const listings = () => t.repos.content.listings;

  async function company(fields: Partial<Company>): Promise<Company> {
    const { company } = await t.repos.users.register(registration({ companyName: fields.name ?? 'Co' }));
    const updated = await t.repos.companies.update(company.id, { listed: true, ...fields });
    if (!updated) throw new Error('no company');
    return updated;
  }

  it('searches listed companies by any of four fields, case-insensitively, by name then id', async () => {
    const tag = unique('Tag').toLowerCase();
    const b = await company({ name: `beta ${tag}` });
    const a2 = await company({ name: 'Alpha', description: `Makes ${tag.toUpperCase()} things` });
    const a1 = await company({ name: 'alpha', website: `https://${tag}.example` });
    const c = await company({ name: 'Gamma', category: `Shop ${tag}` });
    await company({ name: `Hidden ${tag}`, listed: false });
    await company({ name: `Suspended ${tag}`, suspendedAt: NOW });

    const found = await listings().search({ q: tag, page: 1, perPage: 10 });
    // `alpha` and `Alpha` tie on the lower-cased name; the id decides.
    expect(found.rows.map((row) => row.id)).toEqual([
      Math.min(a1.id, a2.id),
      Math.max(a1.id, a2.id),
      b.id,
      c.id,
    ]);
    expect(found.total).toBe(4);
    const page2 = await listings().search({ q: tag, page: 2, perPage: 3 });
    expect(page2).toEqual({ rows: [expect.objectContaining({ id: c.id })], total: 4 });
  });

  it('matches % and _ literally', async () => {
    const tag = unique('pct').toLowerCase();
    const percent = await company({ name: `100% ${tag}` });
    await company({ name: `100x ${tag}` });
    const underscore = await company({ name: `a_b ${tag}` });
    await company({ name: `axb ${tag}` });
    expect((await listings().search({ q: `0% ${tag}`, page: 1, perPage: 10 })).rows.map((r) => r.id)).toEqual(
      [percent.id],
    );
    expect(
      (await listings().search({ q: `a_b ${tag}`, page: 1, perPage: 10 })).rows.map((r) => r.id),
    ).toEqual([underscore.id]);
  });

  it('finds a company only while it is listed and not suspended', async () => {
    const listed = await company({ name: 'Listed' });
    const hidden = await company({ name: 'Hidden', listed: false });
    const suspended = await company({ name: 'Suspended', suspendedAt: NOW });
    expect((await listings().find(listed.id))?.name).toBe('Listed');
    expect(await listings().find(hidden.id)).toBeUndefined();
    expect(await listings().find(suspended.id)).toBeUndefined();
    const all = await listings().search({ page: 1, perPage: 100 });
    expect(all.rows.every((row) => row.listed && row.suspendedAt === null)).toBe(true);
  });
});

describe('the subscribers repository', () => {
  const t = useTestDb();
  const subscribers = () => t.repos.content.subscribers;

  it('stores an address once, trimmed and lower-cased', async () => {
    const email = `${unique('Reader')}@Example.TEST`;
    expect(await subscribers().subscribe(`  ${email} `, NOW)).toBe(true);
    expect(await subscribers().subscribe(email.toLowerCase(), daysAgo(-1))).toBe(false);
    const stored = await subscribers().findByEmail(email);
    expect(stored).toMatchObject({ email: email.toLowerCase(), createdAt: NOW });
  });

  it('lists newest first with a search, exports oldest first, and deletes', async () => {
    const tag = unique('list').toLowerCase();
    await subscribers().subscribe(`old_${tag}@example.test`, daysAgo(2));
    await subscribers().subscribe(`new_${tag}@example.test`, daysAgo(1));
    await subscribers().subscribe(`other${tag}@example.test`, daysAgo(3));
    const found = await subscribers().list({ q: `_${tag}`, page: 1, perPage: 10 });
    expect(found.rows.map((row) => row.email)).toEqual([
      `new_${tag}@example.test`,
      `old_${tag}@example.test`,
    ]);
    expect(found.total).toBe(2);
    const all = (await subscribers().all()).map((row) => row.createdAt.getTime());
    expect(all).toEqual([...all].sort((a, b) => a - b));
    const first = found.rows[0];
    if (!first) throw new Error('none found');
    expect(await subscribers().delete(first.id)).toBe(true);
    expect(await subscribers().delete(first.id)).toBe(false);
    expect((await subscribers().list({ q: tag, page: 1, perPage: 10 })).total).toBe(2);
  });
});
