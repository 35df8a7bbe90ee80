import {
  AnnotationAnswer,
  AnnotationBody,
  AnnotationListAnswer,
  AnnotationParams,
  IdParams,
  MAX_ANNOTATIONS,
} from '@footfall/contract';
import { canManageAnnotations, canViewCompany } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { currentUser } from '../plugins/auth';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { presentAnnotation } from './annotation-presenter';

/**
 * `/api/companies/{id}/annotations[/{annotation_id}]` (docs/api.md "Annotations"): every member reads a
 * site's notes (the chart shows them); its owner and admins write and delete them.
 */
export async function annotationRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/annotations',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: AnnotationListAnswer } },
    },
    async (request) => ({
      data: (await app.repos.annotations.list(companyOf(request).id)).map(presentAnnotation),
    }),
  );

  app.post(
    '/api/companies/:id/annotations',
    {
      config: { auth: 'user', permission: canManageAnnotations },
      schema: { params: IdParams, body: AnnotationBody, response: { 201: AnnotationAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const { date, end_date: endDate = null } = request.body;
      const text = request.body.text.trim();
      if (text === '') throw fieldError('text', 'The text field is required.');
      if (endDate !== null && endDate < date) {
        throw fieldError('end_date', 'The end date field must be a date after or equal to date.');
      }
      // Checked before the insert: two notes written at once may pass the cap by one, which is harmless.
      if ((await app.repos.annotations.count(company.id)) >= MAX_ANNOTATIONS) {
        throw fieldError('text', `A site can keep at most ${MAX_ANNOTATIONS} notes; delete one first.`);
      }
      const user = currentUser(request);
      const note = await app.repos.annotations.create(company.id, {
        date,
        endDate: endDate === date ? null : endDate,
        text,
        author: { id: user.id, name: user.name },
      });
      await app.audit.record(request, {
        action: 'annotation.created',
        target: { type: 'annotation', id: note.id, label: note.text },
        details: { date: note.date, end_date: note.endDate },
      });
      return reply.code(201).send({ data: presentAnnotation(note) });
    },
  );

  app.delete(
    '/api/companies/:id/annotations/:annotation_id',
    { config: { auth: 'user', permission: canManageAnnotations }, schema: { params: AnnotationParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const note = (await app.repos.annotations.list(company.id)).find(
        (listed) => listed.id === request.params.annotation_id,
      );
      if (!note || !(await app.repos.annotations.delete(company.id, note.id))) throw notFound();
      await app.audit.record(request, {
        action: 'annotation.deleted',
        target: { type: 'annotation', id: note.id, label: note.text },
        details: { date: note.date, end_date: note.endDate },
      });
      return reply.code(204).send();
    },
  );
}
