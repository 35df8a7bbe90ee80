import type {
  ContentPageQuery,
  PublicBlogPostAnswer,
  PublicBlogPostListAnswer,
  PublicListingListAnswer,
  PublicListingQuery,
  SubscribeAnswer,
  SubscribeBody,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// The public site (docs/api.md "Public site: blog, directory, newsletter"): read by anyone, signed in or not.

export function listBlogPosts(
  client: ApiClient,
  query: ContentPageQuery,
  options?: CallOptions,
): Promise<PublicBlogPostListAnswer> {
  return client.get<PublicBlogPostListAnswer>('/api/blogs', { ...options, query });
}

export function getBlogPost(
  client: ApiClient,
  postId: number,
  options?: CallOptions,
): Promise<PublicBlogPostAnswer> {
  return client.get<PublicBlogPostAnswer>(`/api/blogs/${postId}`, options);
}

/** The directory of listed companies. */
export function listListings(
  client: ApiClient,
  query: PublicListingQuery,
  options?: CallOptions,
): Promise<PublicListingListAnswer> {
  return client.get<PublicListingListAnswer>('/api/listings', { ...options, query });
}

/** The footer's newsletter form. */
export function subscribe(client: ApiClient, body: SubscribeBody): Promise<SubscribeAnswer> {
  return client.post<SubscribeAnswer>('/api/subscribe', body);
}
