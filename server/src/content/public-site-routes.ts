import type { App } from '../types';
import { publicBlogRoutes } from './public-blog-routes';
import { publicListingRoutes } from './public-listing-routes';
import { publicSubscribeRoutes } from './subscribe-routes';

/** The public site's content (docs/api.md "Public site: blog, directory, newsletter"): the blog, the directory and the newsletter form. No token. */
export async function publicSiteRoutes(app: App): Promise<void> {
  await app.register(publicBlogRoutes);
  await app.register(publicListingRoutes);
  await app.register(publicSubscribeRoutes);
}
