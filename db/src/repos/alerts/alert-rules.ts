import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../create-db';
import type { AlertRule, Company } from '../../schema/types';
import { rows, run, transaction } from '../../transaction';
import { required } from '../required';

/** What defines a rule; the channels it sends to are the company's (checked by the caller). */
export interface AlertRuleDefinition {
  kind: AlertRule['kind'];
  threshold: number;
  goalId: number | null;
  eventName: string | null;
  enabled: boolean;
  channelIds: number[];
}

/** A rule with the ids of its channels, oldest first. */
export type AlertRuleWithChannels = AlertRule & { channelIds: number[] };

/** An enabled rule and what the evaluation needs of its company. */
export interface ActiveAlertRule {
  rule: AlertRuleWithChannels;
  company: Pick<Company, 'id' | 'name' | 'website' | 'domains' | 'timezone'>;
}

/** A rule's new state, and the messages (one per channel) that the change sends. */
export interface AlertRuleTransition {
  firing: boolean;
  firedAt?: Date;
  firedOn?: string;
  payload: Record<string, unknown> | null;
  now: Date;
}

export type AlertRulesRepository = ReturnType<typeof createAlertRulesRepository>;

/** A company's alert rules (docs/api.md "Alerts and webhooks") and their state between evaluations. */
export function createAlertRulesRepository(db: Db) {
  const { alertRules, alertRuleChannels, alertDeliveries, companies } = db.schema;
  const ofCompany = (companyId: number, ruleId: number) =>
    and(eq(alertRules.companyId, companyId), eq(alertRules.id, ruleId));

  async function withChannels(list: AlertRule[]): Promise<AlertRuleWithChannels[]> {
    if (list.length === 0) return [];
    const links = await db.orm
      .select()
      .from(alertRuleChannels)
      .where(
        inArray(
          alertRuleChannels.ruleId,
          list.map((rule) => rule.id),
        ),
      )
      .orderBy(asc(alertRuleChannels.channelId));
    return list.map((rule) => ({
      ...rule,
      channelIds: links.filter((link) => link.ruleId === rule.id).map((link) => link.channelId),
    }));
  }

  function saveLinks(ruleId: number, channelIds: readonly number[]) {
    return (tx: Parameters<Parameters<typeof transaction>[1]>[0]) =>
      tx
        .insert(alertRuleChannels)
        .values([...new Set(channelIds)].map((channelId) => ({ ruleId, channelId })));
  }

  return {
    async list(companyId: number): Promise<AlertRuleWithChannels[]> {
      return withChannels(
        await db.orm
          .select()
          .from(alertRules)
          .where(eq(alertRules.companyId, companyId))
          .orderBy(asc(alertRules.id)),
      );
    },

    async find(companyId: number, ruleId: number): Promise<AlertRuleWithChannels | undefined> {
      const found = await db.orm.select().from(alertRules).where(ofCompany(companyId, ruleId));
      return (await withChannels(found))[0];
    },

    create(companyId: number, definition: AlertRuleDefinition): Promise<AlertRuleWithChannels> {
      const { channelIds, ...fields } = definition;
      return transaction(db, function* (tx) {
        const [rule] = yield* rows(
          tx
            .insert(alertRules)
            .values({ ...fields, companyId })
            .returning(),
        );
        const created = required(rule, 'the new alert rule');
        if (channelIds.length > 0) yield* run(saveLinks(created.id, channelIds)(tx));
        return { ...created, channelIds: [...new Set(channelIds)].sort((a, b) => a - b) };
      });
    },

    /** Replaces a rule's definition; a changed rule starts again armed. */
    async update(
      companyId: number,
      ruleId: number,
      definition: AlertRuleDefinition,
    ): Promise<AlertRuleWithChannels | undefined> {
      const { channelIds, ...fields } = definition;
      const updated = await transaction(db, function* (tx) {
        const [rule] = yield* rows(
          tx
            .update(alertRules)
            .set({ ...fields, firing: false, firedAt: null, firedOn: null })
            .where(ofCompany(companyId, ruleId))
            .returning(),
        );
        if (!rule) return undefined;
        yield* run(tx.delete(alertRuleChannels).where(eq(alertRuleChannels.ruleId, rule.id)));
        if (channelIds.length > 0) yield* run(saveLinks(rule.id, channelIds)(tx));
        return rule;
      });
      return updated && this.find(companyId, updated.id);
    },

    async delete(companyId: number, ruleId: number): Promise<boolean> {
      const gone = await db.orm
        .delete(alertRules)
        .where(ofCompany(companyId, ruleId))
        .returning({ id: alertRules.id });
      return gone.length > 0;
    },

    /**
     * Every enabled rule of every company that is not suspended, with its company: what an evaluation goes
     * through. A suspended site tracks nothing, so its drop alert would only report the suspension.
     */
    async listEnabled(): Promise<ActiveAlertRule[]> {
      const found = await db.orm
        .select({
          rule: alertRules,
          company: {
            id: companies.id,
            name: companies.name,
            website: companies.website,
            domains: companies.domains,
            timezone: companies.timezone,
          },
        })
        .from(alertRules)
        .innerJoin(companies, eq(companies.id, alertRules.companyId))
        .where(and(eq(alertRules.enabled, true), isNull(companies.suspendedAt)))
        .orderBy(asc(alertRules.id));
      const rules = await withChannels(found.map((row) => row.rule));
      return found.map((row, index) => ({ rule: required(rules[index], 'a rule'), company: row.company }));
    },

    /**
     * Moves a rule from the `firing` state it was read in to a new one and queues the message, if any, for
     * each of its channels, in one transaction. False, changing nothing, when the rule has changed since
     * (another evaluation, an edit): the message is then not sent twice.
     */
    transition(rule: AlertRuleWithChannels, change: AlertRuleTransition): Promise<boolean> {
      const { payload, now, ...state } = change;
      return transaction(db, function* (tx) {
        const moved = yield* rows(
          tx
            .update(alertRules)
            .set(state)
            .where(and(eq(alertRules.id, rule.id), eq(alertRules.firing, rule.firing)))
            .returning({ id: alertRules.id }),
        );
        if (moved.length === 0) return false;
        if (payload && rule.channelIds.length > 0) {
          yield* run(
            tx.insert(alertDeliveries).values(
              rule.channelIds.map((channelId) => ({
                companyId: rule.companyId,
                channelId,
                ruleId: rule.id,
                kind: 'alert' as const,
                payload,
                status: 'pending' as const,
                nextAttemptAt: now,
                createdAt: now,
              })),
            ),
          );
        }
        return true;
      });
    },
  };
}
