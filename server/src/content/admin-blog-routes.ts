import {
  AdminBlogPostAnswer,
  AdminBlogPostCreateBody,
  AdminBlogPostListAnswer,
  AdminBlogPostUpdateBody,
  BlogPreviewAnswer,
  BlogPreviewBody,
  ContentPageQuery,
  IdParams,
} from '@footfall/contract';
import { notFound } from '../errors';
import { currentAdmin } from '../plugins/auth';
import { blankBodyFields } from '../plugins/json-body';
import type { App } from '../types';
import { createPost, updatePost } from './blog-editor';
import { presentAdminBlogPost } from './blog-post-presenter';
import { pageMeta, pageRequest } from './paging';
import { renderPostBody } from './post-body';

/**
 * `/api/admin/blogs[/{id}]` and `/api/admin/blogs/preview`: posts are written in Markdown, rendered and
 * sanitized when saved (never when read), and credited to the admin who creates them.
 */
export async function adminContentBlogRoutes(app: App): Promise<void> {
  const posts = app.repos.content.blogPosts;

  app.get(
    '/api/admin/blogs',
    {
      config: { auth: 'admin' },
      schema: { querystring: ContentPageQuery, response: { 200: AdminBlogPostListAnswer } },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await posts.list(page);
      return { data: rows.map(presentAdminBlogPost), meta: pageMeta(page, total) };
    },
  );

  app.get(
    '/api/admin/blogs/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams, response: { 200: AdminBlogPostAnswer } } },
    async (request) => {
      const post = await posts.findById(request.params.id);
      if (!post) throw notFound();
      return { data: presentAdminBlogPost(post) };
    },
  );

  app.post(
    '/api/admin/blogs',
    {
      config: { auth: 'admin' },
      schema: { body: AdminBlogPostCreateBody, response: { 201: AdminBlogPostAnswer } },
    },
    async (request, reply) => {
      const admin = currentAdmin(request);
      const post = await createPost(posts, request.body, { id: admin.id, name: admin.name }, app.now());
      reply.code(201);
      return { data: presentAdminBlogPost(post) };
    },
  );

  app.patch(
    '/api/admin/blogs/:id',
    {
      config: { auth: 'admin' },
      schema: { params: IdParams, body: AdminBlogPostUpdateBody, response: { 200: AdminBlogPostAnswer } },
    },
    async (request) => {
      const post = await posts.findById(request.params.id);
      if (!post) throw notFound();
      // `cover_url` sent empty or null removes the cover (validation saw it as absent).
      const body = blankBodyFields(request).has('cover_url')
        ? { ...request.body, cover_url: null }
        : request.body;
      const updated = await updatePost(posts, post, body, app.now());
      if (!updated) throw notFound();
      return { data: presentAdminBlogPost(updated) };
    },
  );

  app.delete(
    '/api/admin/blogs/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      if (!(await posts.delete(request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/admin/blogs/preview',
    { config: { auth: 'admin' }, schema: { body: BlogPreviewBody, response: { 200: BlogPreviewAnswer } } },
    async (request) => ({ data: { body_html: renderPostBody(request.body.body_markdown).bodyHtml } }),
  );
}
