import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { ApiKey } from '../../schema/types';
import { required } from '../required';

/** What a stats-API call needs once its key is found: whose key it is, and that company's rules. */
export interface ApiKeyHolder {
  keyId: number;
  companyId: number;
  timezone: string;
  /** The plan's stats-API calls a month. */
  apiCallsQuota: number;
  /** When an admin suspended the company, or null: its keys are then refused. */
  companySuspendedAt: Date | null;
}

export interface NewApiKeyInput {
  companyId: number;
  name: string;
  prefix: string;
  secretHash: string;
  createdAt: Date;
}

export type ApiKeysRepository = ReturnType<typeof createApiKeysRepository>;

export function createApiKeysRepository(db: Db) {
  const { apiKeys, companies, plans } = db.schema;
  const active = (companyId: number) => and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt));
  // Dates in raw SQL go through the column's encoder (milliseconds on SQLite, timestamptz on PostgreSQL).
  const asLastUsed = (date: Date) => sql.param(date, apiKeys.lastUsedAt);

  return {
    async create(input: NewApiKeyInput): Promise<ApiKey> {
      const [key] = await db.orm.insert(apiKeys).values(input).returning();
      return required(key, 'the new API key');
    },

    /** A company's keys that are not revoked, oldest first. */
    async listActive(companyId: number): Promise<ApiKey[]> {
      return db.orm.select().from(apiKeys).where(active(companyId)).orderBy(asc(apiKeys.id));
    },

    async countActive(companyId: number): Promise<number> {
      const [row] = await db.orm.select({ keys: count() }).from(apiKeys).where(active(companyId));
      return Number(row?.keys ?? 0);
    },

    /**
     * The unrevoked key whose secret hashes to `secretHash`, with its company's time zone and API quota
     * (one indexed lookup), or undefined.
     */
    async findActiveByHash(secretHash: string): Promise<ApiKeyHolder | undefined> {
      const [row] = await db.orm
        .select({
          keyId: apiKeys.id,
          companyId: apiKeys.companyId,
          timezone: companies.timezone,
          apiCallsQuota: plans.apiCallsQuota,
          companySuspendedAt: companies.suspendedAt,
        })
        .from(apiKeys)
        .innerJoin(companies, eq(companies.id, apiKeys.companyId))
        .innerJoin(plans, eq(plans.id, companies.planId))
        .where(and(eq(apiKeys.secretHash, secretHash), isNull(apiKeys.revokedAt)));
      return row;
    },

    /** Revokes a company's active key; false when the company has no such active key. */
    async revoke(companyId: number, keyId: number, at: Date): Promise<boolean> {
      const revoked = await db.orm
        .update(apiKeys)
        .set({ revokedAt: at })
        .where(and(eq(apiKeys.id, keyId), active(companyId)))
        .returning({ id: apiKeys.id });
      return revoked.length > 0;
    },

    /**
     * Records when keys were last used. A time never moves backwards, so writes from several servers, or
     * arriving out of order, leave the latest.
     */
    async recordUse(uses: { keyId: number; at: Date }[]): Promise<void> {
      for (const { keyId, at } of uses) {
        await db.orm
          .update(apiKeys)
          .set({
            lastUsedAt: sql`case when ${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < ${asLastUsed(at)} then ${asLastUsed(at)} else ${apiKeys.lastUsedAt} end`,
          })
          .where(eq(apiKeys.id, keyId));
      }
    },
  };
}
