import {
  IdParams,
  MAX_SEGMENTS,
  SegmentAnswer,
  SegmentBody,
  SegmentListAnswer,
  SegmentParams,
  SegmentUpdateBody,
} from '@footfall/contract';
import { presentedChanges } from '../audit/safe-details';
import { canManageSegments, canViewCompany } from '../auth/permissions';
import { fieldError, notFound } from '../errors';
import { companyOf } from '../plugins/company-access';
import type { App } from '../types';
import { segmentFilters } from './segment-filters';
import { presentSavedSegment } from './segment-presenter';

/**
 * `/api/companies/{id}/segments[/{segment_id}]` (docs/api.md "Segments"): every member reads a company's
 * saved segments; its owner and admins save, change and delete them.
 */
export async function savedSegmentRoutes(app: App): Promise<void> {
  app.get(
    '/api/companies/:id/segments',
    {
      config: { auth: 'user', permission: canViewCompany },
      schema: { params: IdParams, response: { 200: SegmentListAnswer } },
    },
    async (request) => ({
      data: (await app.repos.savedSegments.list(companyOf(request).id)).map(presentSavedSegment),
    }),
  );

  app.post(
    '/api/companies/:id/segments',
    {
      config: { auth: 'user', permission: canManageSegments },
      schema: { params: IdParams, body: SegmentBody, response: { 201: SegmentAnswer } },
    },
    async (request, reply) => {
      const company = companyOf(request);
      const filters = await segmentFilters(app.repos, company.id, request.body.filters);
      // Checked before the insert: two creations racing may pass the cap by one, which is harmless.
      if ((await app.repos.savedSegments.count(company.id)) >= MAX_SEGMENTS) {
        throw fieldError('name', `A company can have at most ${MAX_SEGMENTS} segments; delete one first.`);
      }
      const segment = await app.repos.savedSegments.create(company.id, { name: request.body.name, filters });
      await app.audit.record(request, {
        action: 'segment.created',
        target: { type: 'segment', id: segment.id, label: segment.name },
        details: { filters: segment.filters },
      });
      return reply.code(201).send({ data: presentSavedSegment(segment) });
    },
  );

  app.patch(
    '/api/companies/:id/segments/:segment_id',
    {
      config: { auth: 'user', permission: canManageSegments },
      schema: { params: SegmentParams, body: SegmentUpdateBody, response: { 200: SegmentAnswer } },
    },
    async (request) => {
      const company = companyOf(request);
      const current = await app.repos.savedSegments.find(company.id, request.params.segment_id);
      if (!current) throw notFound();
      const { name, filters } = request.body;
      const updated = await app.repos.savedSegments.update(company.id, current.id, {
        name: name ?? current.name,
        filters:
          filters === undefined ? current.filters : await segmentFilters(app.repos, company.id, filters),
      });
      if (!updated) throw notFound();
      const changes = presentedChanges(presentSavedSegment(current), presentSavedSegment(updated));
      if (Object.keys(changes).length > 0) {
        await app.audit.record(request, {
          action: 'segment.updated',
          target: { type: 'segment', id: updated.id, label: updated.name },
          details: changes,
        });
      }
      return { data: presentSavedSegment(updated) };
    },
  );

  app.delete(
    '/api/companies/:id/segments/:segment_id',
    { config: { auth: 'user', permission: canManageSegments }, schema: { params: SegmentParams } },
    async (request, reply) => {
      const company = companyOf(request);
      const segment = await app.repos.savedSegments.find(company.id, request.params.segment_id);
      if (!segment || !(await app.repos.savedSegments.delete(company.id, segment.id))) throw notFound();
      await app.audit.record(request, {
        action: 'segment.deleted',
        target: { type: 'segment', id: segment.id, label: segment.name },
      });
      return reply.code(204).send();
    },
  );
}
