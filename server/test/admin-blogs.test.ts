import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { signedInUser } from './support/accounts';
import { type SignedInAdmin, signedInAdmin } from './support/admins';
import { useTestApp } from './support/app';
import { expectJson } from './support/expect-json';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const NOT_FOUND = { message: 'Not found.' };
const INVALID = 'The given data was invalid.';
const MINUTE = 60_000;

interface AdminPost {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  body_markdown: string;
  body_html: string;
  cover_url: string | null;
  status: 'draft' | 'published';
  published_at: string | null;
  updated_at: string;
}

const t = useTestApp();

const send = (method: InjectOptions['method'], url: string, auth: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: auth, ...(payload && { payload }) });

async function create(admin: SignedInAdmin, fields: Record<string, unknown> = {}): Promise<AdminPost> {
  const response = await send('POST', '/api/admin/blogs', admin.auth, {
    title: 'A post',
    body_markdown: 'Some *text*.',
    published: false,
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(`create answered ${response.statusCode} ${response.body}`);
  return response.json<{ data: AdminPost }>().data;
}

async function patch(admin: SignedInAdmin, id: number, payload: object): Promise<AdminPost> {
  const response = await send('PATCH', `/api/admin/blogs/${id}`, admin.auth, payload);
  if (response.statusCode !== 200) throw new Error(`patch answered ${response.statusCode} ${response.body}`);
  return response.json<{ data: AdminPost }>().data;
}

const invalid = (field: string, message: string) => ({ message: INVALID, errors: { [field]: [message] } });

describe('who may use the admin blog routes', () => {
  const routes: [InjectOptions['method'], string, object?][] = [
    ['GET', '/api/admin/blogs'],
    ['GET', '/api/admin/blogs/1'],
    ['POST', '/api/admin/blogs', { title: 'x', body_markdown: 'x', published: true }],
    ['PATCH', '/api/admin/blogs/1', { title: 'x' }],
    ['DELETE', '/api/admin/blogs/1'],
    ['POST', '/api/admin/blogs/preview', { body_markdown: 'x' }],
  ];

  it.each(routes)('%s %s is 401 without a token', async (method, url, payload) => {
    expectJson(await send(method, url, {}, payload), 401, { message: 'Unauthenticated.' });
  });

  it.each(routes)('%s %s is 403 with a user token', async (method, url, payload) => {
    const user = await signedInUser(t.app, t.mailer);
    expectJson(await send(method, url, user.auth, payload), 403, {
      message: 'This action requires an administrator account.',
    });
  });
});

describe('POST /api/admin/blogs', () => {
  it('creates a draft credited to the admin, with a slug and an excerpt made for it', async () => {
    const admin = await signedInAdmin(t.app, 'Grace Editor');
    const response = await send('POST', '/api/admin/blogs', admin.auth, {
      title: 'Crème brûlée: a  recipe!',
      body_markdown: '# Ingredients\n\n- **cream**\n- sugar',
      published: false,
    });
    expectJson(response, 201, {
      data: {
        id: expect.any(Number),
        slug: 'creme-brulee-a-recipe',
        title: 'Crème brûlée: a  recipe!',
        excerpt: 'Ingredients. cream, sugar',
        body_markdown: '# Ingredients\n\n- **cream**\n- sugar',
        body_html: '<h1>Ingredients</h1>\n<ul>\n<li><strong>cream</strong></li>\n<li>sugar</li>\n</ul>',
        cover_url: null,
        status: 'draft',
        published_at: null,
        author: 'Grace Editor',
        author_id: admin.id,
        created_at: expect.stringMatching(ISO),
        updated_at: expect.stringMatching(ISO),
      },
    });
  });

  it('publishes at once with published: true, and keeps an excerpt and cover it is given', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin, {
      published: true,
      excerpt: 'Given.',
      cover_url: 'https://img.example/a.png',
    });
    expect(post).toMatchObject({
      status: 'published',
      excerpt: 'Given.',
      cover_url: 'https://img.example/a.png',
    });
    expect(Date.parse(post.published_at ?? '')).toBeCloseTo(t.clock.now().getTime(), -4);
  });

  it('numbers slugs made from a title already used: -2, -3', async () => {
    const admin = await signedInAdmin(t.app);
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create(admin, { title: 'Same title twice' })).slug);
    expect(slugs).toEqual(['same-title-twice', 'same-title-twice-2', 'same-title-twice-3']);
  });

  it('takes an explicit slug, and refuses one already taken with 422 on slug', async () => {
    const admin = await signedInAdmin(t.app);
    expect((await create(admin, { slug: 'my-own-slug' })).slug).toBe('my-own-slug');
    const again = await send('POST', '/api/admin/blogs', admin.auth, {
      title: 'Other',
      body_markdown: 'x',
      published: false,
      slug: 'my-own-slug',
    });
    expectJson(again, 422, invalid('slug', 'The slug has already been taken.'));
  });

  it('stores script tags harmless in body_html, and the Markdown as written', async () => {
    const admin = await signedInAdmin(t.app);
    const markdown =
      '<script>alert(1)</script>\n\nText <img src=x onerror=alert(1)> [x](javascript:alert(1))';
    const post = await create(admin, { body_markdown: markdown });
    expect(post.body_markdown).toBe(markdown);
    expect(post.body_html).toBe(
      '<p>Text <img src="x" alt="" loading="lazy" /> <a rel="noopener noreferrer nofollow">x</a></p>',
    );
    const stored = await t.app.repos.content.blogPosts.findById(post.id);
    expect(stored?.bodyHtml).toBe(post.body_html);
  });

  const base = { title: 'T', body_markdown: 'B', published: true };
  it.each([
    ['no title', { body_markdown: 'B', published: true }, 'title', 'The title field is required.'],
    ['a blank title', { ...base, title: '   ' }, 'title', 'The title field is required.'],
    [
      'a long title',
      { ...base, title: 'x'.repeat(201) },
      'title',
      'The title field must not be greater than 200 characters.',
    ],
    ['no body', { title: 'T', published: true }, 'body_markdown', 'The body markdown field is required.'],
    [
      'a huge body',
      { ...base, body_markdown: 'x'.repeat(100_001) },
      'body_markdown',
      'The body markdown field must not be greater than 100000 characters.',
    ],
    [
      'no published flag',
      { title: 'T', body_markdown: 'B' },
      'published',
      'The published field is required.',
    ],
    [
      'a published string',
      { ...base, published: 'yes' },
      'published',
      'The published field must be true or false.',
    ],
    [
      'a long excerpt',
      { ...base, excerpt: 'x'.repeat(501) },
      'excerpt',
      'The excerpt field must not be greater than 500 characters.',
    ],
    [
      'a javascript: cover',
      { ...base, cover_url: 'javascript:alert(1)' },
      'cover_url',
      'The cover url field must be a valid URL.',
    ],
    ['a bad slug', { ...base, slug: 'Not A Slug' }, 'slug', 'The slug field is invalid.'],
    ['a slug with a trailing hyphen', { ...base, slug: 'post-' }, 'slug', 'The slug field is invalid.'],
    [
      'Markdown nested too deeply',
      { ...base, body_markdown: '>'.repeat(50_000) },
      'body_markdown',
      'The body markdown field is nested too deeply to render.',
    ],
  ])('is 422 for %s', async (_case, payload, field, message) => {
    const admin = await signedInAdmin(t.app);
    expectJson(await send('POST', '/api/admin/blogs', admin.auth, payload), 422, invalid(field, message));
  });

  it('is 400 for a body that is not a JSON object, 415 for text, 413 past the size limit', async () => {
    const admin = await signedInAdmin(t.app);
    const post = (payload: string, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: { ...admin.auth, 'content-type': type },
        payload,
      });
    expect((await post('[1]', 'application/json')).statusCode).toBe(400);
    expect((await post('{"title":', 'application/json')).statusCode).toBe(400);
    expect((await post('title=x', 'text/plain')).statusCode).toBe(415);
    const huge = JSON.stringify({ title: 'T', published: true, body_markdown: 'x'.repeat(1_100_000) });
    expectJson(await post(huge, 'application/json'), 413, { message: 'Payload too large.' });
  });

  it('is 419 for a browser request with cookies but no XSRF header', async () => {
    const admin = await signedInAdmin(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/blogs',
      headers: admin.auth,
      cookies: { 'XSRF-TOKEN': 'token' },
      payload: base,
    });
    expectJson(response, 419, { message: 'CSRF token mismatch.' });
  });
});

describe('GET /api/admin/blogs', () => {
  const local = useTestApp();

  it('lists drafts too, the latest updated first, paged', async () => {
    const admin = await signedInAdmin(local.app);
    const ids: number[] = [];
    for (const published of [true, false, true]) {
      const response = await local.app.inject({
        method: 'POST',
        url: '/api/admin/blogs',
        headers: admin.auth,
        payload: { title: 'Listed', body_markdown: 'x', published },
      });
      ids.push(response.json<{ data: { id: number } }>().data.id);
      local.clock.advance(MINUTE);
    }
    // Editing the oldest brings it to the top.
    await local.app.inject({
      method: 'PATCH',
      url: `/api/admin/blogs/${ids[0]}`,
      headers: admin.auth,
      payload: { title: 'Edited' },
    });
    const page = await local.app.inject({ url: '/api/admin/blogs?per_page=2', headers: admin.auth });
    expect(page.statusCode).toBe(200);
    const body = page.json<{ data: AdminPost[]; meta: unknown }>();
    expect(body.data.map((post) => post.id)).toEqual([ids[0], ids[2]]);
    expect(body.meta).toEqual({ page: 1, per_page: 2, total: 3 });
    const second = await local.app.inject({ url: '/api/admin/blogs?page=2&per_page=2', headers: admin.auth });
    const draft = second.json<{ data: AdminPost[] }>().data;
    expect(draft.map((post) => [post.id, post.status, post.published_at])).toEqual([[ids[1], 'draft', null]]);
  });

  it('is 422 for a per_page over 100', async () => {
    const admin = await signedInAdmin(local.app);
    const response = await local.app.inject({ url: '/api/admin/blogs?per_page=500', headers: admin.auth });
    expectJson(response, 422, invalid('per_page', 'The per page field must not be greater than 100.'));
  });
});

describe('GET /api/admin/blogs/{id}', () => {
  it('answers a draft with its Markdown', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin, { body_markdown: 'Draft *text*' });
    const response = await send('GET', `/api/admin/blogs/${post.id}`, admin.auth);
    expectJson(response, 200, { data: post });
  });

  it.each(['abc', '0', '2147483648', '2147483647'])('is 404 for the id %s', async (id) => {
    const admin = await signedInAdmin(t.app);
    expectJson(await send('GET', `/api/admin/blogs/${id}`, admin.auth), 404, NOT_FOUND);
  });
});

describe('PATCH /api/admin/blogs/{id}', () => {
  it('publishes a draft now, keeps the date when published again, and makes it a draft with false', async () => {
    const admin = await signedInAdmin(t.app);
    const draft = await create(admin);
    t.clock.advance(MINUTE);
    const published = await patch(admin, draft.id, { published: true });
    expect(published.status).toBe('published');
    // The clock moved a minute after the draft was saved: publishing takes the time of the PATCH.
    expect(Date.parse(published.published_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(draft.updated_at) + MINUTE,
    );
    t.clock.advance(MINUTE);
    expect((await patch(admin, draft.id, { published: true })).published_at).toBe(published.published_at);
    const unpublished = await patch(admin, draft.id, { published: false });
    expect(unpublished).toMatchObject({ status: 'draft', published_at: null });
  });

  it('re-renders the HTML when the Markdown changes, and a derived excerpt follows the text', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin, { body_markdown: 'First text.' });
    expect(post.excerpt).toBe('First text.');
    const edited = await patch(admin, post.id, { body_markdown: 'Second <script>x()</script> **text**.' });
    expect(edited).toMatchObject({
      body_markdown: 'Second <script>x()</script> **text**.',
      body_html: '<p>Second  <strong>text</strong>.</p>',
      excerpt: 'Second x() text.',
    });
  });

  it('keeps an excerpt the editor wrote when the Markdown changes', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin, { excerpt: 'Hand-written.' });
    expect((await patch(admin, post.id, { body_markdown: 'New body' })).excerpt).toBe('Hand-written.');
    expect((await patch(admin, post.id, { excerpt: 'Rewritten.' })).excerpt).toBe('Rewritten.');
  });

  it('changes the title without changing the slug, and removes the cover with null', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin, { title: 'Stable slug', cover_url: 'https://img.example/c.png' });
    const edited = await patch(admin, post.id, { title: 'New title', cover_url: null });
    expect(edited).toMatchObject({ title: 'New title', slug: post.slug, cover_url: null });
    const again = await patch(admin, post.id, { cover_url: 'https://img.example/d.png' });
    expect(again.cover_url).toBe('https://img.example/d.png');
    expect((await patch(admin, post.id, { cover_url: '' })).cover_url).toBeNull();
    expect((await patch(admin, post.id, { title: 'Only the title' })).cover_url).toBeNull();
  });

  it('changes the slug, refusing one another post has with 422 on slug', async () => {
    const admin = await signedInAdmin(t.app);
    const first = await create(admin, { slug: 'patch-slug-one' });
    const second = await create(admin, { slug: 'patch-slug-two' });
    expect((await patch(admin, second.id, { slug: 'patch-slug-three' })).slug).toBe('patch-slug-three');
    expect((await patch(admin, first.id, { slug: 'patch-slug-one' })).slug).toBe('patch-slug-one');
    const response = await send('PATCH', `/api/admin/blogs/${first.id}`, admin.auth, {
      slug: 'patch-slug-three',
    });
    expectJson(response, 422, invalid('slug', 'The slug has already been taken.'));
  });

  it.each([
    [
      'a long title',
      { title: 'x'.repeat(201) },
      'title',
      'The title field must not be greater than 200 characters.',
    ],
    ['a published number', { published: 1 }, 'published', 'The published field must be true or false.'],
    [
      'an ftp cover',
      { cover_url: 'ftp://x.example/a.png' },
      'cover_url',
      'The cover url field must be a valid URL.',
    ],
    [
      'a huge body',
      { body_markdown: 'x'.repeat(100_001) },
      'body_markdown',
      'The body markdown field must not be greater than 100000 characters.',
    ],
    ['a bad slug', { slug: '-x' }, 'slug', 'The slug field is invalid.'],
  ])('is 422 for %s', async (_case, payload, field, message) => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin);
    expectJson(
      await send('PATCH', `/api/admin/blogs/${post.id}`, admin.auth, payload),
      422,
      invalid(field, message),
    );
  });

  it('is 404 for an unknown or malformed id', async () => {
    const admin = await signedInAdmin(t.app);
    expectJson(
      await send('PATCH', '/api/admin/blogs/2147483647', admin.auth, { title: 'x' }),
      404,
      NOT_FOUND,
    );
    expectJson(await send('PATCH', '/api/admin/blogs/x1', admin.auth, { title: 'x' }), 404, NOT_FOUND);
  });
});

describe('DELETE /api/admin/blogs/{id}', () => {
  it('deletes a post (204), then answers 404', async () => {
    const admin = await signedInAdmin(t.app);
    const post = await create(admin);
    const deleted = await send('DELETE', `/api/admin/blogs/${post.id}`, admin.auth);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectJson(await send('DELETE', `/api/admin/blogs/${post.id}`, admin.auth), 404, NOT_FOUND);
    expectJson(await send('GET', `/api/admin/blogs/${post.id}`, admin.auth), 404, NOT_FOUND);
    expectJson(await send('DELETE', '/api/admin/blogs/-4', admin.auth), 404, NOT_FOUND);
  });
});

describe('POST /api/admin/blogs/preview', () => {
  it('renders and sanitizes Markdown as saving would', async () => {
    const admin = await signedInAdmin(t.app);
    const response = await send('POST', '/api/admin/blogs/preview', admin.auth, {
      body_markdown: '## Title\n\n<script>alert(1)</script>\n\n[a](https://a.example)',
    });
    expectJson(response, 200, {
      data: {
        body_html:
          '<h2>Title</h2>\n<p><a href="https://a.example" rel="noopener noreferrer nofollow">a</a></p>',
      },
    });
  });

  it('is 422 without Markdown', async () => {
    const admin = await signedInAdmin(t.app);
    expectJson(
      await send('POST', '/api/admin/blogs/preview', admin.auth, {}),
      422,
      invalid('body_markdown', 'The body markdown field is required.'),
    );
  });
});
