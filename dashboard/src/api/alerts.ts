import type {
  AlertChannelAnswer,
  AlertChannelBody,
  AlertChannelListAnswer,
  AlertChannelUpdateBody,
  AlertDeliveryAnswer,
  AlertDeliveryListAnswer,
  AlertRuleAnswer,
  AlertRuleBody,
  AlertRuleListAnswer,
  AlertRuleUpdateBody,
} from '@footfall/contract';
import type { ApiClient, CallOptions } from './client';

// A company's alerts (docs/api.md "Alerts and webhooks"): the channels messages go to, with their
// deliveries, and the rules that send them.

export function listAlertChannels(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<AlertChannelListAnswer> {
  return client.get<AlertChannelListAnswer>(`/api/companies/${companyId}/alert-channels`, options);
}

export function createAlertChannel(
  client: ApiClient,
  companyId: number,
  body: AlertChannelBody,
): Promise<AlertChannelAnswer> {
  return client.post<AlertChannelAnswer>(`/api/companies/${companyId}/alert-channels`, body);
}

export function updateAlertChannel(
  client: ApiClient,
  companyId: number,
  channelId: number,
  body: AlertChannelUpdateBody,
): Promise<AlertChannelAnswer> {
  return client.patch<AlertChannelAnswer>(`/api/companies/${companyId}/alert-channels/${channelId}`, body);
}

export async function deleteAlertChannel(
  client: ApiClient,
  companyId: number,
  channelId: number,
): Promise<void> {
  await client.delete(`/api/companies/${companyId}/alert-channels/${channelId}`);
}

/** Sends a test message at once; the answer is its delivery, sent or failed. */
export function testAlertChannel(
  client: ApiClient,
  companyId: number,
  channelId: number,
): Promise<AlertDeliveryAnswer> {
  return client.post<AlertDeliveryAnswer>(`/api/companies/${companyId}/alert-channels/${channelId}/test`);
}

/** The channel's latest deliveries. */
export function listAlertDeliveries(
  client: ApiClient,
  companyId: number,
  channelId: number,
  options?: CallOptions,
): Promise<AlertDeliveryListAnswer> {
  return client.get<AlertDeliveryListAnswer>(
    `/api/companies/${companyId}/alert-channels/${channelId}/deliveries`,
    options,
  );
}

export function listAlertRules(
  client: ApiClient,
  companyId: number,
  options?: CallOptions,
): Promise<AlertRuleListAnswer> {
  return client.get<AlertRuleListAnswer>(`/api/companies/${companyId}/alerts`, options);
}

export function createAlertRule(
  client: ApiClient,
  companyId: number,
  body: AlertRuleBody,
): Promise<AlertRuleAnswer> {
  return client.post<AlertRuleAnswer>(`/api/companies/${companyId}/alerts`, body);
}

/**
 * The contract's body, where `goal_id` may be sent as `""`: a field sent blank is cleared, and the server
 * drops blank fields before it validates the body (docs/architecture.md "The server").
 */
export type AlertRuleChanges = Omit<AlertRuleUpdateBody, 'goal_id'> & { goal_id?: number | '' };

export function updateAlertRule(
  client: ApiClient,
  companyId: number,
  ruleId: number,
  body: AlertRuleChanges,
): Promise<AlertRuleAnswer> {
  return client.patch<AlertRuleAnswer>(`/api/companies/${companyId}/alerts/${ruleId}`, body);
}

export async function deleteAlertRule(client: ApiClient, companyId: number, ruleId: number): Promise<void> {
  await client.delete(`/api/companies/${companyId}/alerts/${ruleId}`);
}
