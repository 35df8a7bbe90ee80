import type { AlertChannel, AlertDelivery, AlertKind, AlertRule, Goal } from '@footfall/contract';
import { MAX_DROP_HOURS } from '@footfall/contract/constants';
import { formatWhen } from '@footfall/contract/format';

// The words of the alerts screen, kept apart from the components so that they can be tested.

export const CHANNEL_KIND_LABELS: Record<AlertChannel['kind'], string> = {
  email: 'E-mail',
  slack: 'Slack',
  webhook: 'Webhook',
};

export const RULE_KIND_LABELS: Record<AlertRule['kind'], string> = {
  spike: 'Traffic spike',
  drop: 'Traffic drop',
  goal: 'Goal reached',
};

/** What a channel's target field asks for, by kind. */
export const TARGET_HINTS: Record<AlertChannel['kind'], string> = {
  email: 'One or more addresses, separated by commas.',
  slack: 'The https URL of a Slack incoming webhook.',
  webhook: 'An https URL; each request is signed with the secret shown once the channel is added.',
};

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** One line saying when an alert fires: "More than 50 visitors online at once". */
export function ruleSummary(
  rule: Pick<AlertRule, 'kind' | 'threshold' | 'goal_id' | 'event_name'>,
  goals: readonly Goal[],
): string {
  if (rule.kind === 'spike') return `More than ${plural(rule.threshold, 'visitor')} on the site at once`;
  if (rule.kind === 'drop') return `No events for ${plural(rule.threshold, 'hour')}`;
  const goal = goals.find((candidate) => candidate.id === rule.goal_id);
  const what =
    rule.event_name !== null
      ? `“${rule.event_name}” events`
      : goal
        ? `conversions on “${goal.name}”`
        : 'conversions';
  return `${rule.threshold} ${what} in a day`;
}

/** The channels an alert sends to, by name. */
export function channelNames(
  rule: Pick<AlertRule, 'channel_ids'>,
  channels: readonly AlertChannel[],
): string {
  const names = rule.channel_ids
    .map((id) => channels.find((channel) => channel.id === id)?.name)
    .filter((name): name is string => name !== undefined);
  return names.length === 0 ? 'no channel' : names.join(', ');
}

export const STATUS_TONES: Record<AlertDelivery['status'], string> = {
  sent: 'badge-good',
  failed: 'badge-bad',
  pending: 'badge-accent',
};

/** What a delivery was: "Test", "Spike", "Recovered"… */
export function deliveryLabel(delivery: Pick<AlertDelivery, 'type'>): string {
  return delivery.type.charAt(0).toUpperCase() + delivery.type.slice(1);
}

/** A delivery's status in words, with its retry when one is due. */
export function deliveryStatusText(
  delivery: Pick<AlertDelivery, 'status' | 'next_attempt_at'>,
  locale?: string,
): string {
  if (delivery.status !== 'pending' || delivery.next_attempt_at === null) return delivery.status;
  return `pending, next try ${formatWhen(delivery.next_attempt_at, { locale })}`;
}

export const THRESHOLD_LABELS: Record<AlertKind, string> = {
  spike: 'Visitors at once, more than',
  drop: 'Hours without events',
  goal: 'Conversions in a day',
};

export const THRESHOLD_HINTS: Record<AlertKind, string> = {
  spike: 'Fires when the realtime visitors (the last 5 minutes) rise above this, at most once an hour.',
  drop: `Fires when no event arrives for this many hours (1 to ${MAX_DROP_HOURS}), and again when events return.`,
  goal: "Fires once a day when today's conversions reach this, in the site's time zone.",
};

/** An example threshold for each kind, as the field's placeholder. */
export const THRESHOLD_EXAMPLES: Record<AlertKind, string> = { spike: '100', drop: '6', goal: '10' };
