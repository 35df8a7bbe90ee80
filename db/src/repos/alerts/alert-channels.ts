import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { AlertChannel, AlertChannelKind } from '../../schema/types';
import { required } from '../required';

/** What defines a channel; `secret` only for webhooks. */
export interface AlertChannelDefinition {
  name: string;
  kind: AlertChannelKind;
  target: string;
  secret: string | null;
}

export type AlertChannelsRepository = ReturnType<typeof createAlertChannelsRepository>;

/** A company's alert channels (docs/api.md "Alerts and webhooks"). */
export function createAlertChannelsRepository(db: Db) {
  const { alertChannels } = db.schema;
  const ofCompany = (companyId: number, channelId: number) =>
    and(eq(alertChannels.companyId, companyId), eq(alertChannels.id, channelId));

  return {
    /** The company's channels, oldest first. */
    list(companyId: number): Promise<AlertChannel[]> {
      return db.orm
        .select()
        .from(alertChannels)
        .where(eq(alertChannels.companyId, companyId))
        .orderBy(asc(alertChannels.id));
    },

    /** Those of `channelIds` that are the company's. */
    async listSome(companyId: number, channelIds: readonly number[]): Promise<AlertChannel[]> {
      if (channelIds.length === 0) return [];
      return db.orm
        .select()
        .from(alertChannels)
        .where(and(eq(alertChannels.companyId, companyId), inArray(alertChannels.id, [...channelIds])));
    },

    async find(companyId: number, channelId: number): Promise<AlertChannel | undefined> {
      const [channel] = await db.orm.select().from(alertChannels).where(ofCompany(companyId, channelId));
      return channel;
    },

    /** A channel by id alone: for sending a delivery, which already names its company's channel. */
    async findById(channelId: number): Promise<AlertChannel | undefined> {
      const [channel] = await db.orm.select().from(alertChannels).where(eq(alertChannels.id, channelId));
      return channel;
    },

    async create(companyId: number, definition: AlertChannelDefinition): Promise<AlertChannel> {
      const [channel] = await db.orm
        .insert(alertChannels)
        .values({ ...definition, companyId })
        .returning();
      return required(channel, 'the new alert channel');
    },

    async update(
      companyId: number,
      channelId: number,
      change: Pick<AlertChannelDefinition, 'name' | 'target'>,
    ): Promise<AlertChannel | undefined> {
      const [channel] = await db.orm
        .update(alertChannels)
        .set(change)
        .where(ofCompany(companyId, channelId))
        .returning();
      return channel;
    },

    async delete(companyId: number, channelId: number): Promise<boolean> {
      const gone = await db.orm
        .delete(alertChannels)
        .where(ofCompany(companyId, channelId))
        .returning({ id: alertChannels.id });
      return gone.length > 0;
    },
  };
}
