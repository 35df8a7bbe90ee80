import {
  IdParams,
  PublicListingAnswer,
  PublicListingListAnswer,
  PublicListingQuery,
} from '@footfall/contract';
import { notFound } from '../errors';
import type { App } from '../types';
import { presentListing } from './listing-presenter';
import { pageMeta, pageRequest } from './paging';

/** `GET /api/listings` and `GET /api/listings/{id}`: listed companies that no admin suspended. */
export async function publicListingRoutes(app: App): Promise<void> {
  app.get(
    '/api/listings',
    {
      schema: {
        tags: ['Public'],
        querystring: PublicListingQuery,
        response: { 200: PublicListingListAnswer },
      },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await app.repos.content.listings.search({ ...page, q: request.query.q });
      return { data: rows.map(presentListing), meta: pageMeta(page, total) };
    },
  );

  app.get(
    '/api/listings/:id',
    { schema: { tags: ['Public'], params: IdParams, response: { 200: PublicListingAnswer } } },
    async (request) => {
      const company = await app.repos.content.listings.find(request.params.id);
      if (!company) throw notFound();
      return { data: presentListing(company) };
    },
  );
}
