import type {
  AdminBlogPostAnswer,
  AdminBlogPostCreateBody,
  AdminBlogPostListAnswer,
  AdminBlogPostUpdateBody,
  AdminSubscriberListAnswer,
  AdminSubscriberQuery,
  BlogPreviewAnswer,
  BlogPreviewBody,
  ContentPageQuery,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// What admins write and collect for the public site (docs/api.md "Admin: blog posts and subscribers").

/** Every post, drafts included. */
export function listAdminBlogPosts(
  client: ApiClient,
  query: ContentPageQuery,
  options?: CallOptions,
): Promise<AdminBlogPostListAnswer> {
  return client.get<AdminBlogPostListAnswer>('/api/admin/blogs', { ...options, query });
}

export function getAdminBlogPost(
  client: ApiClient,
  postId: number,
  options?: CallOptions,
): Promise<AdminBlogPostAnswer> {
  return client.get<AdminBlogPostAnswer>(`/api/admin/blogs/${postId}`, options);
}

export function createBlogPost(
  client: ApiClient,
  body: AdminBlogPostCreateBody,
): Promise<AdminBlogPostAnswer> {
  return client.post<AdminBlogPostAnswer>('/api/admin/blogs', body);
}

export function updateBlogPost(
  client: ApiClient,
  postId: number,
  body: AdminBlogPostUpdateBody,
): Promise<AdminBlogPostAnswer> {
  return client.patch<AdminBlogPostAnswer>(`/api/admin/blogs/${postId}`, body);
}

export async function deleteBlogPost(client: ApiClient, postId: number): Promise<void> {
  await client.delete(`/api/admin/blogs/${postId}`);
}

/** The Markdown rendered and sanitized as the server would store it. */
export function previewBlogPost(
  client: ApiClient,
  body: BlogPreviewBody,
  options?: CallOptions,
): Promise<BlogPreviewAnswer> {
  return client.post<BlogPreviewAnswer>('/api/admin/blogs/preview', body, options);
}

/** The newsletter's subscribers. */
export function listSubscribers(
  client: ApiClient,
  query: AdminSubscriberQuery,
  options?: CallOptions,
): Promise<AdminSubscriberListAnswer> {
  return client.get<AdminSubscriberListAnswer>('/api/admin/subscribers', { ...options, query });
}

export async function deleteSubscriber(client: ApiClient, subscriberId: number): Promise<void> {
  await client.delete(`/api/admin/subscribers/${subscriberId}`);
}

/** The path of the subscribers' CSV, a file rather than JSON (`lib/browser/download-file.ts` fetches it). */
export function subscribersExportPath(): string {
  return '/api/admin/subscribers/export';
}
