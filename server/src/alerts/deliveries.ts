import type { AlertPayload } from '@footfall/contract';
import type { AlertDelivery } from '@footfall/db';
import { MAX_ATTEMPTS, nextAttemptAt } from '../scheduler/backoff';
import type { ScheduledTask } from '../scheduler/scheduler';
import type { App } from '../types';
import { sendToChannel } from './send-to-channel';
import { WEBHOOK_TIMEOUT_MS } from './webhook-request';

/** What delivering an alert reads of the app. */
type DeliveryDeps = Pick<App, 'config' | 'log' | 'mailer' | 'now' | 'repos'>;

/** A claim outlasts the longest attempt (a webhook's timeout) with room to record it. */
const CLAIM_MS = WEBHOOK_TIMEOUT_MS + 50_000;
/** Deliveries one run sends at most; the rest wait for the next run. */
const BATCH = 100;

/**
 * Makes one attempt at a delivery this server has claimed and records it: sent on success; on failure
 * pending again with the next attempt backed off, or failed for good after {@link MAX_ATTEMPTS}.
 */
export async function attemptDelivery(app: DeliveryDeps, delivery: AlertDelivery): Promise<AlertDelivery> {
  const channel = await app.repos.alertChannels.findById(delivery.channelId);
  // The channel was deleted since: its log went with it (the row too, by cascade).
  if (!channel) return delivery;
  const result = await sendToChannel(app, channel, delivery.payload as AlertPayload);
  const attempts = delivery.attempts + 1;
  const now = app.now();
  const failed = result.error !== null;
  if (failed) {
    app.log.warn(
      { delivery: delivery.id, channel: channel.id, attempts, status: result.status, error: result.error },
      'an alert delivery failed',
    );
  }
  const givenUp = failed && attempts >= MAX_ATTEMPTS;
  const recorded = await app.repos.alertDeliveries.record(delivery.id, {
    status: !failed ? 'sent' : givenUp ? 'failed' : 'pending',
    attempts,
    lastError: result.error,
    responseStatus: result.status,
    nextAttemptAt: failed && !givenUp ? nextAttemptAt(attempts, now) : null,
  });
  return recorded ?? delivery;
}

/** Claims a due delivery and attempts it; undefined when another server holds it or it is not due. */
export async function claimAndAttempt(app: DeliveryDeps, id: number): Promise<AlertDelivery | undefined> {
  const now = app.now();
  const claimed = await app.repos.alertDeliveries.claim(id, now, new Date(now.getTime() + CLAIM_MS));
  return claimed && attemptDelivery(app, claimed);
}

/** Every minute: sends the alert messages that are due, first attempts and retries alike. */
export function alertDeliveryTask(app: DeliveryDeps): ScheduledTask {
  return {
    name: 'alert-deliveries',
    everyMs: 60_000,
    async run(now) {
      const due = await app.repos.alertDeliveries.dueIds(now, BATCH);
      for (const id of due) await claimAndAttempt(app, id);
      return due.length;
    },
  };
}
