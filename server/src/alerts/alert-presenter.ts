import type {
  AlertChannel,
  AlertDelivery,
  AlertMessageType,
  AlertPayload,
  AlertRule,
} from '@footfall/contract';
import type {
  AlertChannel as AlertChannelRow,
  AlertDelivery as AlertDeliveryRow,
  AlertRuleWithChannels,
} from '@footfall/db';

export function presentAlertChannel(channel: AlertChannelRow): AlertChannel {
  return {
    id: channel.id,
    name: channel.name,
    kind: channel.kind,
    target: channel.target,
    secret: channel.secret,
    created_at: channel.createdAt.toISOString(),
  };
}

export function presentAlertRule(rule: AlertRuleWithChannels): AlertRule {
  return {
    id: rule.id,
    kind: rule.kind,
    threshold: rule.threshold,
    goal_id: rule.goalId,
    event_name: rule.eventName,
    channel_ids: rule.channelIds,
    enabled: rule.enabled,
    state: rule.firing ? 'firing' : 'armed',
    last_fired_at: rule.firedAt?.toISOString() ?? null,
    created_at: rule.createdAt.toISOString(),
  };
}

export function presentAlertDelivery(delivery: AlertDeliveryRow): AlertDelivery {
  // The payload is the message as queued (alerts/alert-payload.ts), stored as JSON.
  const payload = delivery.payload as Partial<AlertPayload>;
  const type: AlertMessageType = payload.type ?? (delivery.kind === 'test' ? 'test' : 'spike');
  return {
    id: delivery.id,
    channel_id: delivery.channelId,
    alert_id: delivery.ruleId,
    kind: delivery.kind,
    type,
    message: payload.message ?? '',
    status: delivery.status,
    attempts: delivery.attempts,
    last_error: delivery.lastError,
    response_status: delivery.responseStatus,
    next_attempt_at: delivery.nextAttemptAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
  };
}
