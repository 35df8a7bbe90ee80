import type { AlertPayload } from '@footfall/contract';
import type { AlertChannel } from '@footfall/db';
import type { App } from '../types';
import { alertMail, slackMessage } from './channel-messages';
import { emailAddresses } from './channel-target';
import { checkWebhookUrl, WebhookUrlError } from './webhook-address';
import { postWebhook, type WebhookResult } from './webhook-request';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature';

/** What sending to a channel reads of the app. */
type ChannelDeps = Pick<App, 'config' | 'mailer' | 'now' | 'repos'>;

async function sendMail(
  app: ChannelDeps,
  channel: AlertChannel,
  payload: AlertPayload,
): Promise<WebhookResult> {
  try {
    // The mail tells the time in the site's zone, as its dashboard does; a deleted site's falls back to UTC.
    const company = await app.repos.companies.findById(channel.companyId);
    const timeZone = company?.timezone ?? 'UTC';
    await app.mailer.deliver(alertMail(payload, emailAddresses(channel.target).join(', '), timeZone));
    return { status: null, error: null };
  } catch (error) {
    return { status: null, error: error instanceof Error ? error.message : 'The mail was not handed over.' };
  }
}

/**
 * Sends one message to one channel, once; never rejects. The URL is checked again before each attempt (a
 * name may resolve to a private address by now) and the request connects to the address checked.
 */
export async function sendToChannel(
  app: ChannelDeps,
  channel: AlertChannel,
  payload: AlertPayload,
): Promise<WebhookResult> {
  if (channel.kind === 'email') return sendMail(app, channel, payload);
  let target: Awaited<ReturnType<typeof checkWebhookUrl>>;
  try {
    target = await checkWebhookUrl(channel.target, app.config.alertWebhooksAllowPrivate);
  } catch (error) {
    if (error instanceof WebhookUrlError) return { status: null, error: error.message };
    throw error;
  }
  if (channel.kind === 'slack') return postWebhook(target, JSON.stringify(slackMessage(payload)), {});
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = {};
  if (channel.secret !== null) headers[SIGNATURE_HEADER] = signatureHeader(channel.secret, body, app.now());
  return postWebhook(target, body, headers);
}
