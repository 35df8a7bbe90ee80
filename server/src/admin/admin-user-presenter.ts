import type { AdminUserAccount, AdminUserAccountCompany } from '@footfall/contract';
import type { User as UserRow } from '@footfall/db';

/** The admin user object (docs: `GET /api/admin/users`). */
export function presentAdminUser(
  user: UserRow,
  companies: readonly AdminUserAccountCompany[],
): AdminUserAccount {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    suspended_at: user.suspendedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    companies: companies.map((company) => ({ id: company.id, name: company.name, role: company.role })),
  };
}
