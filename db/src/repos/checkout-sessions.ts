import type { Db } from '../create-db';

export function createCheckoutSessionsRepository(_db: Db) {
  return {};
}
