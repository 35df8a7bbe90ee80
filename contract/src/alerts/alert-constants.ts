// Alerts and webhooks (docs/api.md "Alerts and webhooks"): the plain values the dashboard needs too.

/** The most channels, and the most rules, one company may have. */
export const MAX_ALERT_CHANNELS = 20;
export const MAX_ALERT_RULES = 50;
/** A drop alert's threshold is a number of hours without events: one hour to a week. */
export const MAX_DROP_HOURS = 168;
/** The most e-mail addresses one channel sends to. */
export const MAX_ALERT_EMAILS = 10;
/** How many deliveries a channel's log shows, newest first. */
export const ALERT_LOG_LENGTH = 50;

export const ALERT_CHANNEL_KINDS = ['email', 'slack', 'webhook'] as const;
export type AlertChannelKind = (typeof ALERT_CHANNEL_KINDS)[number];
export const ALERT_KINDS = ['spike', 'drop', 'goal'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
/** What a message is about: an alert firing, a drop ending, or a test from the dashboard. */
export const ALERT_MESSAGE_TYPES = ['spike', 'drop', 'recovered', 'goal', 'test'] as const;
export type AlertMessageType = (typeof ALERT_MESSAGE_TYPES)[number];
export const ALERT_DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type AlertDeliveryStatus = (typeof ALERT_DELIVERY_STATUSES)[number];
