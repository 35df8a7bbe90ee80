import type { Db } from '../create-db';

export function createAdminDirectoryRepository(_db: Db) {
  return {};
}
