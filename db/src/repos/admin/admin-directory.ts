import type { Db } from '../../create-db';
import { createAdminActivityRepository } from './directory-activity';
import { createAdminCompaniesRepository } from './directory-companies';
import { createAdminOverviewRepository } from './directory-overview';
import { createAdminUsersRepository } from './directory-users';

export type AdminDirectoryRepository = ReturnType<typeof createAdminDirectoryRepository>;

/**
 * The admin area's reads and writes over companies, users and the platform's counts (the overview). Plans
 * change through `planChanges`; blog posts and subscribers through `content`.
 */
export function createAdminDirectoryRepository(db: Db) {
  return {
    ...createAdminCompaniesRepository(db),
    ...createAdminUsersRepository(db),
    ...createAdminOverviewRepository(db),
    activity: createAdminActivityRepository(db),
  };
}
