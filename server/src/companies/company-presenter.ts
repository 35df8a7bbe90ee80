import type { Company } from '@footfall/contract';
import type { CompanyForUser } from '@footfall/db';

/** The company object of docs/api.md "Companies", as seen by one of its members. */
export function presentCompany(company: CompanyForUser): Company {
  return {
    id: company.id,
    name: company.name,
    website: company.website,
    domains: company.domains,
    timezone: company.timezone,
    tracking_key: company.trackingKey,
    public_stats: company.publicStats,
    listed: company.listed,
    description: company.description,
    logo_url: company.logoUrl,
    plan: company.plan,
    retention_days: company.retentionDays,
    plan_retention_days: company.planRetentionDays,
    role: company.role,
    created_at: company.createdAt.toISOString(),
  };
}
