import type { App } from '../types';
import { adminContentBlogRoutes } from './admin-blog-routes';
import { adminContentSubscriberRoutes } from './admin-subscriber-routes';

/** The admin's blog editor and newsletter list (docs/api.md "Admin: blog posts and subscribers"): admin token only. */
export async function adminContentRoutes(app: App): Promise<void> {
  await app.register(adminContentBlogRoutes);
  await app.register(adminContentSubscriberRoutes);
}
