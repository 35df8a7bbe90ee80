import { AdminSubscriberListAnswer, AdminSubscriberQuery, IdParams } from '@footfall/contract';
import { notFound } from '../errors';
import type { App } from '../types';
import { pageMeta, pageRequest } from './paging';
import { presentSubscriber } from './subscriber-presenter';
import { subscribersCsv, subscribersCsvName } from './subscribers-csv';

/** `/api/admin/subscribers`: the newsletter's addresses, their CSV export, and removal on request. */
export async function adminContentSubscriberRoutes(app: App): Promise<void> {
  const subscribers = app.repos.content.subscribers;

  app.get(
    '/api/admin/subscribers',
    {
      config: { auth: 'admin' },
      schema: { querystring: AdminSubscriberQuery, response: { 200: AdminSubscriberListAnswer } },
    },
    async (request) => {
      const page = pageRequest(request.query);
      const { rows, total } = await subscribers.list({ ...page, q: request.query.q });
      return { data: rows.map(presentSubscriber), meta: pageMeta(page, total) };
    },
  );

  app.get(
    '/api/admin/subscribers/export',
    {
      config: { auth: 'admin' },
      schema: {
        summary: 'Every subscriber as CSV (email,subscribed_at), oldest first',
        produces: ['text/csv'],
      },
    },
    async (_request, reply) => {
      const csv = subscribersCsv(await subscribers.all());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${subscribersCsvName(app.now())}"`)
        .send(csv);
    },
  );

  app.delete(
    '/api/admin/subscribers/:id',
    { config: { auth: 'admin' }, schema: { params: IdParams } },
    async (request, reply) => {
      if (!(await subscribers.delete(request.params.id))) throw notFound();
      return reply.code(204).send();
    },
  );
}
