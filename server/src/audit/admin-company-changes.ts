import type { FastifyRequest } from 'fastify';
import type { AdminCompanyChanges } from '../admin/company-changes';
import type { App } from '../types';
import { changedFields } from './safe-details';

/** The fields an admin edits, as the API names them, with their column. */
const FIELDS = [
  ['name', 'name'],
  ['website', 'website'],
  ['description', 'description'],
  ['logo_url', 'logoUrl'],
  ['category', 'category'],
  ['listed', 'listed'],
] as const;

type CompanyFields = { id: number; name: string; suspendedAt: Date | null } & Partial<
  Record<(typeof FIELDS)[number][1], unknown>
>;

/**
 * Records an admin's edit of a company: a suspension or its lifting as its own entry, the other fields
 * that changed as `site.updated` (the unlisting that a suspension implies is part of the suspension).
 */
export async function recordAdminCompanyChanges(
  app: Pick<App, 'audit'>,
  request: FastifyRequest,
  current: CompanyFields,
  changes: AdminCompanyChanges,
): Promise<void> {
  const name = changes.name ?? current.name;
  const company = { id: current.id, name };
  const target = { type: 'site', id: current.id, label: name };
  const suspending = changes.suspendedAt != null && current.suspendedAt === null;
  const lifting = changes.suspendedAt === null && current.suspendedAt !== null;
  if (suspending || lifting) {
    await app.audit.record(request, {
      action: suspending ? 'site.suspended' : 'site.unsuspended',
      company,
      target,
    });
  }
  const before = Object.fromEntries(FIELDS.map(([field, column]) => [field, current[column] ?? null]));
  const after = Object.fromEntries(
    FIELDS.filter(([field]) => !(suspending && field === 'listed')).map(([field, column]) => [
      field,
      changes[column],
    ]),
  );
  const changed = changedFields(before, after);
  if (Object.keys(changed).length > 0) {
    await app.audit.record(request, { action: 'site.updated', company, target, details: changed });
  }
}
