import { describe, expect, it } from 'vitest';
import { type SignedInAdmin, signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_FOUND = { message: 'Not found.' };
const MINUTE = 60_000;

interface CreatedPost {
  id: number;
  slug: string;
  published_at: string | null;
}

const t = useTestApp();

async function writePost(admin: SignedInAdmin, fields: Record<string, unknown> = {}): Promise<CreatedPost> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/admin/blogs',
    headers: admin.auth,
    payload: { title: 'A post', body_markdown: 'Some *text*.', published: true, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode} ${response.body}`);
  // Posts written a minute apart, so "newest first" is well defined.
  t.clock.advance(MINUTE);
  return response.json<{ data: CreatedPost }>().data;
}

const getList = (query = '') => t.app.inject({ url: `/api/blogs${query}` });
const getPost = (id: number | string) => t.app.inject({ url: `/api/blogs/${id}` });
const idsOf = (response: { json: () => unknown }) =>
  (response.json() as { data: { id: number }[] }).data.map((post) => post.id);

describe('GET /api/blogs', () => {
  const local = useTestApp();

  it('pages published posts, newest first, with page, per_page and the total in meta', async () => {
    const admin = await signedInAdmin(local.app);
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) {
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: admin.auth,
        payload: { title: `Post ${i}`, body_markdown: `Body ${i}`, published: true },
      });
      ids.push(response.json<{ data: { id: number } }>().data.id);
      local.clock.advance(MINUTE);
    }
    await local.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: admin.auth,
      payload: { title: 'Draft', body_markdown: 'Not yet', published: false },
    });
    const newestFirst = [...ids].reverse();

    const first = await local.app.inject({ url: '/api/blogs?page=1&per_page=2' });
    expect(first.statusCode).toBe(200);
    expect(idsOf(first)).toEqual(newestFirst.slice(0, 2));
    expect(first.json().meta).toEqual({ page: 1, per_page: 2, total: 5 });
    const third = await local.app.inject({ url: '/api/blogs?page=3&per_page=2' });
    expect(idsOf(third)).toEqual(newestFirst.slice(4));
    expect(third.json().meta).toEqual({ page: 3, per_page: 2, total: 5 });
    const beyond = await local.app.inject({ url: '/api/blogs?page=9&per_page=2' });
    expectJson(beyond, 200, { data: [], meta: { page: 9, per_page: 2, total: 5 } });
    const defaults = await local.app.inject({ url: '/api/blogs' });
    expect(idsOf(defaults)).toEqual(newestFirst);
    expect(defaults.json().meta).toEqual({ page: 1, per_page: 20, total: 5 });
  });
});

describe('GET /api/blogs (shapes and rules)', () => {
  it('answers each post as {id, slug, title, excerpt, body_html, cover_url, published_at, author}', async () => {
    const admin = await signedInAdmin(t.app, 'Ada Writer');
    const post = await writePost(admin, {
      title: 'Shaped post',
      excerpt: 'A short summary.',
      body_markdown: '## Hello\n\nWorld',
      cover_url: 'https://img.example/cover.png',
    });
    const expected = {
      id: post.id,
      slug: 'shaped-post',
      title: 'Shaped post',
      excerpt: 'A short summary.',
      body_html: '<h2>Hello</h2>\n<p>World</p>',
      cover_url: 'https://img.example/cover.png',
      published_at: expect.stringMatching(ISO),
      author: 'Ada Writer',
    };
    expectJson(await getPost(post.id), 200, { data: expected });
    const listed = (await getList('?per_page=100')).json<{ data: unknown[] }>().data;
    expect(listed).toContainEqual(expected);
  });

  it('never shows a draft, in the list or by id', async () => {
    const admin = await signedInAdmin(t.app);
    const draft = await writePost(admin, { title: 'Secret draft', published: false });
    expect(draft.published_at).toBeNull();
    expectJson(await getPost(draft.id), 404, NOT_FOUND);
    expect(idsOf(await getList('?per_page=100'))).not.toContain(draft.id);
  });

  it('hides a post again once it is made a draft, and once it is deleted', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await writePost(admin);
    expect((await getPost(post.id)).statusCode).toBe(200);
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/blogs/${post.id}`,
      headers: admin.auth,
      payload: { published: false },
    });
    expectJson(await getPost(post.id), 404, NOT_FOUND);
    const other = await writePost(admin);
    await t.app.inject({ method: 'DELETE', url: `/api/admin/blogs/${other.id}`, headers: admin.auth });
    expectJson(await getPost(other.id), 404, NOT_FOUND);
  });

  it('serves script tags written in Markdown harmless', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await writePost(admin, {
      body_markdown:
        'Hi <script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[click](javascript:alert(3))',
    });
    const html = (await getPost(post.id)).json<{ data: { body_html: string } }>().data.body_html;
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('<img src="x" alt="" loading="lazy" />');
    expect(html).toContain('<a rel="noopener noreferrer nofollow">click</a>');
  });

  it('needs no token, and sets the XSRF cookie like any /api answer', async () => {
    const response = await getList();
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).toContain('XSRF-TOKEN=');
  });

  it.each([
    ['page=0', 'page', 'The page field must be at least 1.'],
    ['page=abc', 'page', 'The page field must be an integer.'],
    ['per_page=0', 'per_page', 'The per page field must be at least 1.'],
    ['per_page=101', 'per_page', 'The per page field must not be greater than 100.'],
    ['per_page=2.5', 'per_page', 'The per page field must be an integer.'],
  ])('is 422 for ?%s', async (query, field, message) => {
    expectJson(await getList(`?${query}`), 422, {
      message: 'The given data was invalid.',
      errors: { [field]: [message] },
    });
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648', '99999999999999999999'])(
    'is 404 for the malformed id %s',
    async (id) => {
      expectJson(await getPost(id), 404, NOT_FOUND);
    },
  );

  it('is 404 for an id with no post', async () => {
    expectJson(await getPost(2 ** 31 - 1), 404, NOT_FOUND);
  });
});

describe('the OpenAPI document', () => {
  it('lists the public site and admin content routes under their sections', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = response.json<{ paths: Record<string, Record<string, { tags?: string[] }>> }>().paths;
    expect(paths['/api/blogs']?.get?.tags).toEqual(['Public']);
    expect(paths['/api/listings/{id}']?.get?.tags).toEqual(['Public']);
    expect(paths['/api/subscribe']?.post?.tags).toEqual(['Public']);
    expect(paths['/api/admin/blogs/{id}']?.patch?.tags).toEqual(['Admin']);
    expect(paths['/api/admin/subscribers/export']?.get?.tags).toEqual(['Admin']);
  });
});
