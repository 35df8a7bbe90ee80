import { SubscribeAnswer, SubscribeBody } from '@footfall/contract';
import type { App } from '../types';
import { takeSubscribeAttempt } from './subscribe-limit';

/** One answer for a new address and a known one, so the form reveals nobody's subscription. */
export const SUBSCRIBED_MESSAGE = 'Thanks for subscribing! We will write when there is news.';

/**
 * `POST /api/subscribe` (docs/api.md "Public site: blog, directory, newsletter"): the footer's newsletter form. Public, but an unsafe `/api` route
 * like any other: a browser that holds cookies must echo the XSRF token.
 */
export async function publicSubscribeRoutes(app: App): Promise<void> {
  app.post(
    '/api/subscribe',
    { schema: { tags: ['Public'], body: SubscribeBody, response: { 200: SubscribeAnswer } } },
    async (request) => {
      await takeSubscribeAttempt(app, request.ip);
      await app.repos.content.subscribers.subscribe(request.body.email, app.now());
      return { success: true as const, message: SUBSCRIBED_MESSAGE };
    },
  );
}
