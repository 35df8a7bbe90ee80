import { type AlertChannelKind, MAX_ALERT_EMAILS } from '@footfall/contract';
import { fieldError } from '../errors';
import { checkWebhookUrl, WebhookUrlError } from './webhook-address';

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;

/** One or more addresses separated by commas, semicolons or spaces: lower-cased, without repeats. */
function emailTarget(target: string): string {
  const addresses = [
    ...new Set(
      target
        .split(/[\s,;]+/)
        .filter((part) => part !== '')
        .map((part) => part.toLowerCase()),
    ),
  ];
  if (addresses.length === 0)
    throw fieldError('target', 'The target field must hold at least one e-mail address.');
  const invalid = addresses.find((address) => !EMAIL.test(address) || address.length > 254);
  if (invalid !== undefined) {
    throw fieldError('target', `The target field must hold valid e-mail addresses; ${invalid} is not one.`);
  }
  if (addresses.length > MAX_ALERT_EMAILS) {
    throw fieldError('target', `The target field may hold at most ${MAX_ALERT_EMAILS} e-mail addresses.`);
  }
  return addresses.join(', ');
}

/** A channel's target as stored, or 422 on `target` saying what is wrong with it. */
export async function channelTarget(
  kind: AlertChannelKind,
  target: string,
  allowPrivate: boolean,
): Promise<string> {
  if (kind === 'email') return emailTarget(target);
  try {
    return (await checkWebhookUrl(target.trim(), allowPrivate)).url.href;
  } catch (error) {
    if (error instanceof WebhookUrlError) throw fieldError('target', error.message);
    throw error;
  }
}

/** The addresses of an e-mail channel's stored target. */
export function emailAddresses(target: string): string[] {
  return target.split(', ').filter((address) => address !== '');
}
