import type { Admin, User } from '@footfall/contract';
import type { Admin as AdminRow, User as UserRow } from '@footfall/db';
import { hasPassword } from '../auth/passwords';
import type { App } from '../types';

/** The user object of docs/api.md "Accounts", with the companies the user belongs to. */
export async function presentUser(app: Pick<App, 'repos'>, user: UserRow): Promise<User> {
  const companies = await app.repos.users.listCompanies(user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    email_verified_at: user.emailVerifiedAt?.toISOString() ?? null,
    created_at: user.createdAt.toISOString(),
    has_password: hasPassword(user.passwordHash),
    companies: companies.map((company) => ({
      id: company.id,
      name: company.name,
      role: company.role,
      plan: company.plan,
    })),
  };
}

export function presentAdmin(admin: AdminRow): Admin {
  return { id: admin.id, name: admin.name, email: admin.email, role: 'admin' };
}
