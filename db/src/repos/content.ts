import type { Db } from '../create-db';

export function createContentRepository(_db: Db) {
  return {};
}
