import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';

/** A webhook URL whose host was resolved and found public: requests connect to `address` and nowhere else. */
export interface CheckedWebhookUrl {
  url: URL;
  address: string;
  family: 4 | 6;
}

/** Why a webhook URL is refused; its message is shown to the admin (422 on `target`) and in the log. */
export class WebhookUrlError extends Error {
  override name = 'WebhookUrlError';
}

/**
 * ipaddr.js names the range of every special-purpose block (loopback, private, linkLocal, uniqueLocal,
 * carrierGradeNat, multicast, unspecified, reserved, 6to4, teredo, the translated forms…); only plain
 * `unicast` is the public internet. `process` turns an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) into its
 * IPv4 form first. Two IPv6 spellings of an IPv4 address need more (docs/api.md "Limits that hold under
 * attack"): the deprecated IPv4-compatible form (`::127.0.0.1`, in `::/96`), which ipaddr.js calls unicast,
 * is refused whatever it embeds; a NAT64 address (`64:ff9b::/96`, `64:ff9b:1::/48`) reaches the IPv4 address
 * in its last 32 bits, so it is public exactly when that address is.
 */
export function isPublicAddress(address: string): boolean {
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const parts = (parsed as ipaddr.IPv6).parts;
  if (parts.slice(0, 6).every((part) => part === 0)) return false;
  if (parsed.range() === 'rfc6052') {
    const [high = 0, low = 0] = parts.slice(6);
    const embedded = new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
    return embedded.range() === 'unicast';
  }
  return parsed.range() === 'unicast';
}

async function resolveAll(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  // `new URL` keeps an IPv6 literal's brackets; a literal resolves to itself without DNS.
  const bare = hostname.replace(/^\[(.*)\]$/, '$1');
  if (ipaddr.isValid(bare)) return [{ address: bare, family: ipaddr.parse(bare).kind() === 'ipv6' ? 6 : 4 }];
  try {
    const found = await lookup(bare, { all: true, verbatim: true });
    return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
  } catch {
    throw new WebhookUrlError(`The host ${bare} could not be resolved.`);
  }
}

/**
 * Checks a Slack or webhook URL before it is stored and again before every delivery (a name may resolve
 * elsewhere by then): https only, and every address the host resolves to must be public, so that alerts
 * cannot be aimed at the server's own network (SSRF). `allowPrivate` (`ALERT_WEBHOOKS_ALLOW_PRIVATE`) lifts
 * both rules for installations whose receivers live on the private network.
 */
export async function checkWebhookUrl(target: string, allowPrivate: boolean): Promise<CheckedWebhookUrl> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new WebhookUrlError('The target must be a valid URL.');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookUrlError('The target must be an https URL.');
  }
  if (url.protocol === 'http:' && !allowPrivate) {
    throw new WebhookUrlError('The target must be an https URL.');
  }
  if (url.username !== '' || url.password !== '') {
    throw new WebhookUrlError('The target must not contain a user name or password.');
  }
  const addresses = await resolveAll(url.hostname);
  const first = addresses[0];
  if (!first) throw new WebhookUrlError(`The host ${url.hostname} could not be resolved.`);
  if (!allowPrivate && !addresses.every((entry) => isPublicAddress(entry.address))) {
    throw new WebhookUrlError(
      'The target resolves to a private, loopback or reserved address, which alerts may not be sent to.',
    );
  }
  return { url, ...first };
}
