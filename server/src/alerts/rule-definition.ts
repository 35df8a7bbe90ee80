import { type AlertRuleBody, MAX_DROP_HOURS } from '@footfall/contract';
import type { AlertRuleDefinition, AlertRuleWithChannels, Repositories } from '@footfall/db';
import { type FieldErrors, validation } from '../errors';

/**
 * A rule's definition from a body (and, for a change, the rule as it is): 422 naming each field that is
 * wrong. A goal rule counts exactly one of a goal of the company and a custom event name; spikes and drops
 * count neither; a drop's threshold is hours, 1 to {@link MAX_DROP_HOURS}; every channel is the company's.
 */
export async function ruleDefinition(
  repos: Pick<Repositories, 'goals' | 'alertChannels'>,
  companyId: number,
  body: Partial<AlertRuleBody>,
  current?: AlertRuleWithChannels,
  cleared: ReadonlySet<string> = new Set(),
): Promise<AlertRuleDefinition> {
  const kind = body.kind ?? current?.kind ?? 'spike';
  const threshold = body.threshold ?? current?.threshold ?? 1;
  const goalId = cleared.has('goal_id') ? null : (body.goal_id ?? current?.goalId ?? null);
  const eventName = cleared.has('event_name') ? null : (body.event_name ?? current?.eventName ?? null);
  const channelIds = body.channel_ids ?? current?.channelIds ?? [];
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (kind === 'drop' && threshold > MAX_DROP_HOURS) {
    add('threshold', `The threshold of a drop alert is a number of hours from 1 to ${MAX_DROP_HOURS}.`);
  }
  if (kind === 'goal') {
    if ((goalId === null) === (eventName === null)) {
      add('goal_id', 'A goal alert needs exactly one of a goal and a custom event name.');
    } else if (goalId !== null && !(await repos.goals.find(companyId, goalId))) {
      add('goal_id', 'The goal_id field must name a goal of this site.');
    }
  } else {
    if (goalId !== null) add('goal_id', 'Only a goal alert takes a goal.');
    if (eventName !== null) add('event_name', 'Only a goal alert takes a custom event name.');
  }
  const unique = [...new Set(channelIds)];
  if (unique.length === 0) add('channel_ids', 'The channel_ids field must name at least one channel.');
  else if ((await repos.alertChannels.listSome(companyId, unique)).length < unique.length) {
    add('channel_ids', 'The channel_ids field must name channels of this site.');
  }
  if (Object.keys(errors).length > 0) throw validation(errors);
  return {
    kind,
    threshold,
    goalId,
    eventName,
    enabled: body.enabled ?? current?.enabled ?? true,
    channelIds: unique,
  };
}
