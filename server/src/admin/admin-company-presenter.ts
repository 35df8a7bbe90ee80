import type { AdminCompany } from '@footfall/contract';
import type { Repositories } from '@footfall/db';

/** A company as the admin repository reads it. */
export type AdminCompanyRow = NonNullable<Awaited<ReturnType<Repositories['adminDirectory']['findCompany']>>>;

/** The admin company object (docs: `GET /api/admin/companies`). */
export function presentAdminCompany(company: AdminCompanyRow, eventsThisMonth: number): AdminCompany {
  return {
    id: company.id,
    name: company.name,
    website: company.website,
    category: company.category,
    description: company.description,
    logo_url: company.logoUrl,
    listed: company.listed,
    public_stats: company.publicStats,
    suspended_at: company.suspendedAt?.toISOString() ?? null,
    plan: company.plan,
    owner: company.owner && { id: company.owner.id, name: company.owner.name, email: company.owner.email },
    members: company.members,
    events_this_month: eventsThisMonth,
    created_at: company.createdAt.toISOString(),
  };
}
