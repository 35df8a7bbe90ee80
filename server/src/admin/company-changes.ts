import type { AdminCompanyUpdateBody, AdminListingCreateBody } from '@footfall/contract';
import type { Repositories } from '@footfall/db';
import { type FieldErrors, validation } from '../errors';

export type AdminCompanyChanges = Parameters<Repositories['adminDirectory']['updateCompany']>[1];

const SUSPENDED_LISTING = 'A suspended company cannot be listed; lift the suspension first.';

/** Fields that an empty value clears, with their column. */
const CLEARABLE = [
  ['website', 'website'],
  ['description', 'description'],
  ['logo_url', 'logoUrl'],
  ['category', 'category'],
] as const;

/**
 * The changes of an admin's edit. `cleared` names the fields sent empty (`""` or `null`): they clear the
 * field, except the name, which is required. Suspending unlists the company (and keeps the first
 * suspension's time when it already was suspended); listing a company that is or stays suspended is 422.
 */
export function companyChanges(
  body: AdminCompanyUpdateBody,
  cleared: ReadonlySet<string>,
  current: { suspendedAt: Date | null },
  now: Date,
): AdminCompanyChanges {
  const errors: FieldErrors = {};
  const changes: AdminCompanyChanges = {};
  if (cleared.has('name')) errors.name = ['The name field is required.'];
  else if (body.name !== undefined) changes.name = body.name;
  for (const [field, column] of CLEARABLE) {
    if (cleared.has(field)) changes[column] = null;
    else if (body[field] !== undefined) changes[column] = body[field];
  }
  if (body.suspended === true) {
    changes.suspendedAt = current.suspendedAt ?? now;
    changes.listed = false;
  } else if (body.suspended === false) changes.suspendedAt = null;
  const suspended =
    changes.suspendedAt === undefined ? current.suspendedAt !== null : changes.suspendedAt !== null;
  if (body.listed === true && suspended) errors.listed = [SUSPENDED_LISTING];
  else if (body.listed !== undefined && body.suspended !== true) changes.listed = body.listed;
  if (Object.keys(errors).length > 0) throw validation(errors);
  return changes;
}

/** The listing fields of "Add Listing" as changes to an existing company: it is listed unless told not to. */
export function listingChanges(
  body: AdminListingCreateBody,
  current: { suspendedAt: Date | null },
): AdminCompanyChanges {
  const listed = body.listed ?? true;
  if (listed && current.suspendedAt !== null) throw validation({ company_id: [SUSPENDED_LISTING] });
  const changes: AdminCompanyChanges = { name: body.name, website: body.website, listed };
  if (body.description !== undefined) changes.description = body.description;
  if (body.logo_url !== undefined) changes.logoUrl = body.logo_url;
  if (body.category !== undefined) changes.category = body.category;
  return changes;
}
